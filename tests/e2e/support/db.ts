import pg from 'pg';

/** Direct database access for arranging end-to-end scenarios (same database the app under test uses). */
export async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set; run end-to-end tests through `npm test`.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn` while holding a PostgreSQL advisory lock named `name`: tests in different files that
 * change the same demo record (e.g. the demo tour's public link) take turns instead of racing.
 */
export async function withDemoLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  return withDb(async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/** The lock of the demo tour's public link (blurring.spec.ts publishes it, tours.spec.ts sets it). */
export const DEMO_TOUR_LINK = 'e2e:demo-tour-public-link';
