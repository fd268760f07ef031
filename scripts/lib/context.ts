import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { appOrigin, EnvError, parseEnv, type Env } from '../../lib/server/env-schema';
import { ensureDatabase, type Database } from './database';
import { prefixed } from './log';

export const root = resolve(__dirname, '../..');

/** Reads `.env` when present (real environment variables win), then validates everything once. */
export function loadEnv(): Env {
  const file = resolve(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  try {
    return withAdminToken(parseEnv(process.env));
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * The embedded identity service's admin API answers only with a bearer token. Unless one is
 * configured, it is generated once into DATA_DIR (like the embedded PostgreSQL's password) and
 * put into the environment, so the identity service, the app, the seed and the worker share it.
 * A real Kratos (KRATOS_PUBLIC_URL) brings its own credential or none.
 */
function withAdminToken(env: Env): Env {
  if (env.KRATOS_ADMIN_TOKEN || env.KRATOS_PUBLIC_URL) return env;
  const dir = resolve(root, env.DATA_DIR);
  const file = join(dir, 'identity-admin.token');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  const token = readFileSync(file, 'utf8').trim();
  process.env.KRATOS_ADMIN_TOKEN = token;
  return { ...env, KRATOS_ADMIN_TOKEN: token };
}

/** The environment children get: the user's plus the resolved database and identity URLs. */
export function childEnvironment(env: Env, databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    DATABASE_URL: databaseUrl,
    APP_URL: appOrigin(env),
    KRATOS_PUBLIC_URL: env.KRATOS_PUBLIC_URL ?? `http://127.0.0.1:${env.IDENTITY_PUBLIC_PORT}`,
    KRATOS_ADMIN_URL: env.KRATOS_ADMIN_URL ?? `http://127.0.0.1:${env.IDENTITY_ADMIN_PORT}`,
  };
}

export function openDatabase(env: Env): Promise<Database> {
  return ensureDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(root, env.DATA_DIR),
    port: env.EMBEDDED_PG_PORT,
    log: prefixed('postgres', 1),
  });
}
