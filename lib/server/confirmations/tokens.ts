import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** A link's secret: 256 random bits, URL-safe. Only its hash is stored. */
export const newConfirmationToken = (): string => randomBytes(32).toString('base64url');
export const confirmationTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
/** The shape a token has: anything else is answered as unknown without asking the database. */
export const isConfirmationToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
export const confirmationPath = (token: string) => `/confirm/${token}`;
