import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from '../../lib/server/env-schema';

/**
 * The embedded identity service's admin API answers only with a bearer token. Unless one is
 * configured, it is generated once into DATA_DIR (like the embedded PostgreSQL's password) and
 * put into the environment, so the identity service, the app, the seed and the worker share it.
 * A real Kratos (KRATOS_PUBLIC_URL) brings its own credential or none.
 */
export function withAdminToken(env: Env, root: string): Env {
  if (env.KRATOS_ADMIN_TOKEN || env.KRATOS_PUBLIC_URL) return env;
  const dir = resolve(root, env.DATA_DIR);
  const file = join(dir, 'identity-admin.token');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  const token = readFileSync(file, 'utf8').trim();
  process.env.KRATOS_ADMIN_TOKEN = token;
  return { ...env, KRATOS_ADMIN_TOKEN: token };
}
