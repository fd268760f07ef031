import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { appOrigin, EnvError, parseEnv, type Env } from '../../lib/server/env-schema';
import { withAdminToken } from './admin-token';
import { withSessionHandoffSecret } from './handoff-secret';
import { ensureDatabase, type Database } from './database';
import { prefixed } from './log';

export const root = resolve(__dirname, '../..');

/** Reads `.env` when present (real environment variables win), then validates everything once. */
export function loadEnv(): Env {
  const file = resolve(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  try {
    return withSessionHandoffSecret(withAdminToken(parseEnv(process.env), root), root);
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
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
