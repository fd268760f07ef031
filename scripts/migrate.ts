/** `npm run db:migrate`: applies the committed migrations (starting the embedded PostgreSQL if needed). */
import { loadEnv, openDatabase } from './lib/context';
import { applyMigrations } from './lib/migrate';

async function main() {
  const database = await openDatabase(loadEnv());
  try {
    await applyMigrations(database.url);
    console.log('migrations applied');
  } finally {
    await database.stop();
  }
}

void main();
