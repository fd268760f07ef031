import type { Config } from '../config';
import { text, type UiText } from '../ui/text';
import { breachCount } from './breached';

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] ?? 0;
      prev[j] = Math.min((prev[j] ?? 0) + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length] ?? 0;
}

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = b.length; j >= 1; j--) {
      row[j] = a[i - 1] === b[j - 1] ? (row[j - 1] ?? 0) + 1 : 0;
      best = Math.max(best, row[j] ?? 0);
    }
  }
  return best;
}

/** Kratos' rule: Levenshtein distance < 5, or the longest common substring is over half the password. */
export function tooSimilar(identifier: string, password: string): boolean {
  if (Buffer.byteLength(identifier) > 256 || Buffer.byteLength(password) > 256) return false;
  const id = identifier.toLowerCase();
  const pw = password.toLowerCase();
  return levenshtein(id, pw) < 5 || longestCommonSubstring(id, pw) / pw.length > 0.5;
}

/** Kratos' password policy, in its order; the first failure is returned. */
export async function checkPassword(cfg: Config, identifiers: string[], password: string): Promise<UiText | null> {
  const bytes = Buffer.byteLength(password);
  if (bytes < cfg.password.minLength) return text.passwordMinLength(cfg.password.minLength, bytes);
  if (identifiers.some((id) => tooSimilar(id, password))) return text.passwordSimilar();
  const breaches = await breachCount(cfg, password);
  if (breaches > 0) return text.passwordBreached(breaches);
  return null;
}
