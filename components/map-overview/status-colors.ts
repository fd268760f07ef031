/** The map's colour of each mission status (legend, markers, cluster rings); zod-free for the client. */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  created: '#6b7280',
  in_progress: '#2563eb',
  uploaded: '#d97706',
  delivered: '#16a34a',
};

const FALLBACK = '#111827';

export const statusColor = (status: string): string => STATUS_COLORS[status] ?? FALLBACK;

/**
 * A cluster's ring: one conic-gradient slice per status, in legend order, sized by its share, so
 * a cluster shows its status mix at a glance.
 */
export function statusRing(statuses: Readonly<Record<string, number>>, order: readonly string[]): string {
  const total = order.reduce((sum, s) => sum + (statuses[s] ?? 0), 0);
  if (total === 0) return FALLBACK;
  let from = 0;
  const stops: string[] = [];
  for (const status of order) {
    const share = ((statuses[status] ?? 0) / total) * 100;
    if (share === 0) continue;
    const to = from + share;
    stops.push(`${statusColor(status)} ${round(from)}% ${round(to)}%`);
    from = to;
  }
  return `conic-gradient(${stops.join(', ')})`;
}

const round = (v: number) => Math.round(v * 100) / 100;
