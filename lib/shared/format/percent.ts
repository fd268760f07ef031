/**
 * Spec §5: a progress percentage is clamped to 0..100, anything non-numeric becomes 0, and a
 * non-integer keeps 3 significant digits (33.3333 → 33.3, 5.5555 → 5.56, 0.12345 → 0.123).
 * Numeric strings count as numbers because values often arrive from JSON or query strings.
 */
export function toPercent(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (Number.isNaN(number)) return 0;
  const clamped = Math.min(100, Math.max(0, number));
  return Number.isInteger(clamped) ? clamped : Number(clamped.toPrecision(3));
}
