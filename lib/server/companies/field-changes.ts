import 'server-only';

/** The audit diff of an edit in the audit trail's shape: each changed field as `[before, after]`. */
export function changes(current: Record<string, unknown>, next: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  for (const [key, to] of Object.entries(next)) {
    const from = current[key] ?? null;
    if ((to ?? null) !== from) diff[key] = [from, to ?? null];
  }
  return diff;
}
