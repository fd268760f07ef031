import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, not importable under isolatedModules). */
const ARGON2ID = 2;
import type { Config } from '../config';

/** argon2id PHC string, `$argon2id$v=19$m=…,t=…,p=…$salt$hash` as Kratos writes it. */
export function hashPassword(cfg: Config, password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cfg.argon2.memoryCost, timeCost: cfg.argon2.timeCost, parallelism: cfg.argon2.parallelism, outputLen: 32 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the time of a real verification, so unknown accounts are not told apart by timing. */
export async function fakeVerify(cfg: Config, password: string): Promise<void> {
  dummy ??= hashPassword(cfg, 'timing-equaliser-not-a-password');
  await verifyPassword(await dummy, password);
}
