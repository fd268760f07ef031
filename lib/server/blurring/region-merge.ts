import type { Region, RegionInput } from '@/lib/shared/schemas/blurring';

/*
 * A saved list of regions against the stored one (pure, unit-tested): a region the server knows
 * keeps its origin (detector or manual, confidence, author); one whose geometry changed is marked
 * adjusted; an unknown id is a new hand-drawn region of the saving user. A polygon's box is its
 * points' box, whatever the client sent.
 */

type Geometry = Pick<Region, 'shape' | 'x' | 'y' | 'width' | 'height' | 'points'>;

function normalized(input: RegionInput): Geometry & { kind: Region['kind'] } {
  const kind = input.kind ?? 'other';
  if (input.shape !== 'polygon' || !input.points) return { shape: input.shape, kind, x: input.x, y: input.y, width: input.width, height: input.height };
  const xs = input.points.map((p) => p[0]);
  const ys = input.points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { shape: 'polygon', kind, points: input.points, x, y, width: Math.max(1, Math.max(...xs) - x), height: Math.max(1, Math.max(...ys) - y) };
}

const sameGeometry = (a: Geometry, b: Geometry) =>
  a.shape === b.shape && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && JSON.stringify(a.points ?? null) === JSON.stringify(b.points ?? null);

export interface RegionChanges {
  added: number;
  removed: number;
  changed: number;
}

export function mergeRegions(stored: readonly Region[], saved: readonly RegionInput[], author: string | null, now: Date): { regions: Region[]; changes: RegionChanges } {
  const known = new Map(stored.map((r) => [r.id, r]));
  const changes: RegionChanges = { added: 0, removed: 0, changed: 0 };
  const regions = saved.map((input): Region => {
    const geometry = normalized(input);
    const before = known.get(input.id);
    if (!before) {
      changes.added++;
      return { id: input.id, ...geometry, source: 'manual', confidence: null, adjusted: false, createdBy: author, createdAt: now.toISOString() };
    }
    const moved = !sameGeometry(before, geometry);
    if (moved || before.kind !== geometry.kind) changes.changed++;
    const { points: _drop, ...rest } = before;
    void _drop;
    return { ...rest, ...geometry, adjusted: before.adjusted || (moved && before.source === 'detector') };
  });
  const keptIds = new Set(saved.map((r) => r.id));
  changes.removed = stored.filter((r) => !keptIds.has(r.id)).length;
  return { regions, changes };
}
