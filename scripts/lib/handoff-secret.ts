import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from '../../lib/server/env-schema';

/**
 * The key the route guard signs the session hand-off with (lib/server/identity/session-handoff.ts):
 * unless configured, generated once into DATA_DIR like the identity admin token, so every app
 * process of this installation shares it and a restart does not change it.
 */
export function withSessionHandoffSecret(env: Env, root: string): Env {
  if (env.SESSION_HANDOFF_SECRET) return env;
  const dir = resolve(root, env.DATA_DIR);
  const file = join(dir, 'session-handoff.key');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  const secret = readFileSync(file, 'utf8').trim();
  process.env.SESSION_HANDOFF_SECRET = secret;
  return { ...env, SESSION_HANDOFF_SECRET: secret };
}
