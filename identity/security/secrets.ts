import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/pool';

export interface Keys {
  /** AES-256-GCM key for session and continuity cookies and OIDC state. */
  cipher: Buffer;
  /** HMAC key for one-time codes. */
  hmac: Buffer;
}

/**
 * The configured secret, or one generated once and stored in the database so that every
 * instance of the service (and every restart) agrees on it.
 */
export async function loadKeys(db: Db, configured?: string): Promise<Keys> {
  let secret = configured;
  if (!secret) {
    await db.query('INSERT INTO identity.secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', ['cookie', randomBytes(32).toString('hex')]);
    const row = await db.query<{ value: string }>('SELECT value FROM identity.secrets WHERE name = $1', ['cookie']);
    secret = row.rows[0]?.value ?? '';
  }
  const derive = (label: string) => createHash('sha256').update(`${label}:${secret}`).digest();
  return { cipher: derive('cipher'), hmac: derive('hmac') };
}

export function seal(keys: Keys, payload: unknown): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keys.cipher, iv);
  const ct = Buffer.concat([c.update(JSON.stringify(payload), 'utf8'), c.final()]);
  return Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64url');
}

export function unseal<T>(keys: Keys, value: string | undefined): T | null {
  if (!value) return null;
  try {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 29) return null;
    const d = createDecipheriv('aes-256-gcm', keys.cipher, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(raw.length - 16));
    const pt = Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]);
    return JSON.parse(pt.toString('utf8')) as T;
  } catch {
    return null;
  }
}

export function hmac(keys: Keys, value: string): string {
  return createHmac('sha256', keys.hmac).update(value).digest('hex');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Unbiased random alphanumerics, as in `ory_st_` + 32 characters. */
export function randomAlnum(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248 && out.length < n) out += ALNUM[b % 62];
    }
  }
  return out;
}

export function randomDigits(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 250 && out.length < n) out += String(b % 10);
    }
  }
  return out;
}
