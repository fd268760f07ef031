import { createHash } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Config } from '../config';

/*
 * Breached passwords. Online: Have I Been Pwned's k-anonymity range API (only the first five hex
 * characters of the password's SHA-1 leave the server), on by default. Offline, and whenever the
 * API does not answer in time: the ~49 000 most common passwords of public breach corpora that
 * zxcvbn-ts ships, matched as people vary them — "Password123!" and "P@ssw0rd" are "password".
 * A slow or unreachable API never blocks a sign-up: it is asked with a short timeout, and after a
 * failure not again for a minute.
 */

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

const LEET: Record<string, string> = { '@': 'a', '4': 'a', '8': 'b', '3': 'e', '1': 'i', '!': 'i', '0': 'o', $: 's', '5': 's', '7': 't' };

/** The forms of `password` a breach list would hold: as typed, without the digits and symbols around it, and de-leeted. */
export function variantsOf(password: string): string[] {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const forms = new Set([lower]);
  for (const form of [core, lower.replace(/[@4831!0$57]/g, (c) => LEET[c]!)]) if (form.length >= 4) forms.add(form);
  return [...forms];
}

export const onCommonList = (password: string): boolean => variantsOf(password).some((form) => commonPasswords().has(form));

const RANGE_TTL_MS = 3_600_000;
const RETRY_AFTER_FAILURE_MS = 60_000;
const ranges = new Map<string, { at: number; body: string }>();
let unreachableUntil = 0;

/** Forgets cached ranges and failures (tests). */
export function resetBreachCache(): void {
  ranges.clear();
  unreachableUntil = 0;
}

/** How often Have I Been Pwned saw `password`, or null when it could not be asked. */
async function pwnedCount(cfg: Config, password: string): Promise<number | null> {
  const sha = createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = sha.slice(0, 5);
  let range = ranges.get(prefix);
  if (!range || Date.now() - range.at > RANGE_TTL_MS) {
    if (Date.now() < unreachableUntil) return null;
    try {
      const res = await fetch(`${cfg.password.hibpUrl}/range/${prefix}`, { headers: { 'Add-Padding': 'true' }, signal: AbortSignal.timeout(cfg.password.hibpTimeoutMs) });
      if (res.status !== 200) throw new Error(`range API answered ${res.status}`);
      range = { at: Date.now(), body: await res.text() };
      ranges.set(prefix, range);
    } catch {
      unreachableUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
      return null;
    }
  }
  const suffix = sha.slice(5);
  for (const line of range.body.split('\n')) {
    const [s, n] = line.trim().split(':');
    if (s === suffix) return Number(n);
  }
  return 0;
}

/** Number of known breaches (0 when none is known). */
export async function breachCount(cfg: Config, password: string): Promise<number> {
  const online = cfg.password.hibpEnabled ? await pwnedCount(cfg, password) : null;
  if (online) return online;
  return onCommonList(password) ? 1 : 0;
}
