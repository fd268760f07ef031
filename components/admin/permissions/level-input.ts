import { MAX_USER_LEVEL } from '@/lib/shared/schemas/role';

/** A typed user level: a whole number from 0 to the editor's own level; null when it is not one. */
export function parseLevel(text: string, ownLevel: number): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const level = Number(text);
  return level <= Math.min(ownLevel, MAX_USER_LEVEL) ? level : null;
}
