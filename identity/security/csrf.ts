import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Kratos names the CSRF cookie after the exact base-URL string (trailing slash matters). */
export function csrfCookieName(baseUrl: string): string {
  return `csrf_token_${createHash('sha256').update(baseUrl).digest('hex')}`;
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64');
}

export function isWellFormedToken(token: string | undefined): token is string {
  return !!token && Buffer.from(token, 'base64').length === 32;
}

/** nosurf masking: base64(key ‖ key XOR token), 88 characters, different on every render. */
export function maskToken(token: string): string {
  const real = Buffer.from(token, 'base64');
  const key = randomBytes(real.length);
  const xored = Buffer.alloc(real.length);
  for (let i = 0; i < real.length; i++) xored[i] = (real[i] ?? 0) ^ (key[i] ?? 0);
  return Buffer.concat([key, xored]).toString('base64');
}

function unmask(value: string): Buffer | null {
  const raw = Buffer.from(value, 'base64');
  if (raw.length === 32) return raw;
  if (raw.length !== 64) return null;
  const out = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) out[i] = (raw[i] ?? 0) ^ (raw[i + 32] ?? 0);
  return out;
}

/** Constant-time comparison of a submitted (masked or plain) token with the cookie's token. */
export function tokensMatch(cookieToken: string, submitted: string): boolean {
  const a = unmask(cookieToken);
  const b = unmask(submitted);
  return !!a && !!b && a.length === b.length && timingSafeEqual(a, b);
}
