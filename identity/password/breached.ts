import { createHash } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Config } from '../config';

/**
 * Offline list: the ~49 000 most common passwords from public breach corpora that zxcvbn-ts ships
 * (`passwords-common`, lower case). Online: Have I Been Pwned's k-anonymity range API when enabled.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

const hibpCache = new Map<string, { at: number; body: string }>();

async function hibpCount(cfg: Config, password: string): Promise<number | null> {
  const sha = createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = sha.slice(0, 5);
  const suffix = sha.slice(5);
  let cached = hibpCache.get(prefix);
  if (!cached || Date.now() - cached.at > 3_600_000) {
    try {
      const res = await fetch(`https://${cfg.password.hibpHost}/range/${prefix}`, { headers: { 'Add-Padding': 'true' }, signal: AbortSignal.timeout(5000) });
      if (res.status !== 200) return null;
      cached = { at: Date.now(), body: await res.text() };
      hibpCache.set(prefix, cached);
    } catch {
      return null; // Kratos' default: ignore network errors.
    }
  }
  for (const line of cached.body.split('\n')) {
    const [s, n] = line.trim().split(':');
    if (s === suffix) return Number(n);
  }
  return 0;
}

/** Number of known breaches (0 when unknown). */
export async function breachCount(cfg: Config, password: string): Promise<number> {
  if (commonPasswords().has(password.toLowerCase())) return 1;
  if (cfg.password.hibpEnabled) return (await hibpCount(cfg, password)) ?? 0;
  return 0;
}
