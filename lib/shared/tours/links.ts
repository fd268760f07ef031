/**
 * Links between a tour's panoramas, from their places alone (issue 17 "Generation"): each
 * panorama links its nearest neighbours on the same floor (and is linked back), and each pair of
 * neighbouring floors is joined once, at the closest pair of panoramas — the stairs. Pure, so
 * tests state what positions must give.
 */

export interface PlacedPanorama {
  id: number;
  floor: number;
  x: number;
  y: number;
  /** Degrees clockwise from plan north to the panorama's centre. */
  heading: number;
}

export interface Link {
  to: number;
  yaw: number;
  distance: number;
  stairs: boolean;
}

/** Neighbours each panorama links to on its floor. */
export const NEIGHBOURS = 3;

const distance = (a: PlacedPanorama, b: PlacedPanorama) => Math.hypot(b.x - a.x, b.y - a.y);

/** Where `b` is seen from `a`, in radians within `a`'s panorama (0 = its centre, clockwise, in (-π, π]). */
export function yawTowards(a: PlacedPanorama, b: PlacedPanorama): number {
  const bearing = Math.atan2(b.x - a.x, b.y - a.y);
  let yaw = bearing - (a.heading * Math.PI) / 180;
  while (yaw <= -Math.PI) yaw += 2 * Math.PI;
  while (yaw > Math.PI) yaw -= 2 * Math.PI;
  return Math.round(yaw * 1e6) / 1e6;
}

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** The pairs positions give: nearest neighbours per floor, and the stairs between neighbouring floors. */
function automaticPairs(panoramas: readonly PlacedPanorama[], neighbours: number): Map<string, [PlacedPanorama, PlacedPanorama]> {
  const pairs = new Map<string, [PlacedPanorama, PlacedPanorama]>();
  const add = (a: PlacedPanorama, b: PlacedPanorama) => {
    const key = pairKey(a.id, b.id);
    if (!pairs.has(key)) pairs.set(key, [a, b]);
  };
  const floors = [...new Set(panoramas.map((p) => p.floor))].sort((x, y) => x - y);
  for (const floor of floors) {
    const on = panoramas.filter((p) => p.floor === floor);
    for (const a of on) {
      const nearest = on
        .filter((b) => b.id !== a.id)
        .sort((b, c) => distance(a, b) - distance(a, c) || b.id - c.id)
        .slice(0, neighbours);
      for (const b of nearest) add(a, b);
    }
  }
  for (let i = 0; i + 1 < floors.length; i++) {
    const lower = panoramas.filter((p) => p.floor === floors[i]);
    const upper = panoramas.filter((p) => p.floor === floors[i + 1]);
    let best: { a: PlacedPanorama; b: PlacedPanorama; d: number } | null = null;
    for (const a of lower) for (const b of upper) if (!best || distance(a, b) < best.d) best = { a, b, d: distance(a, b) };
    if (best) add(best.a, best.b);
  }
  return pairs;
}

/** Links added and removed by hand (pairs of image ids, either way round). */
export interface LinkEdits {
  added: readonly (readonly [number, number])[];
  removed: readonly (readonly [number, number])[];
}

export const NO_LINK_EDITS: LinkEdits = { added: [], removed: [] };

/**
 * The links of each panorama: those positions give, less the pairs removed by hand, plus those
 * added by hand (a pair naming a panorama no longer in the tour is skipped, not an error). A link
 * between different floors is a stairs link.
 */
export function buildLinks(panoramas: readonly PlacedPanorama[], neighbours = NEIGHBOURS, edits: LinkEdits = NO_LINK_EDITS): Map<number, Link[]> {
  const pairs = automaticPairs(panoramas, neighbours);
  for (const [a, b] of edits.removed) pairs.delete(pairKey(a, b));
  const byId = new Map(panoramas.map((p) => [p.id, p]));
  for (const [a, b] of edits.added) {
    const from = byId.get(a);
    const to = byId.get(b);
    if (from && to && a !== b && !pairs.has(pairKey(a, b))) pairs.set(pairKey(a, b), [from, to]);
  }
  const links = new Map<number, Link[]>(panoramas.map((p) => [p.id, []]));
  for (const [a, b] of pairs.values()) {
    const d = Math.round(distance(a, b) * 1000) / 1000;
    const stairs = a.floor !== b.floor;
    links.get(a.id)!.push({ to: b.id, yaw: yawTowards(a, b), distance: d, stairs });
    links.get(b.id)!.push({ to: a.id, yaw: yawTowards(b, a), distance: d, stairs });
  }
  for (const list of links.values()) list.sort((l, m) => l.distance - m.distance || l.to - m.to);
  return links;
}

/**
 * What to store so that `buildLinks` gives exactly `wanted`: the wanted pairs positions do not
 * give, and the pairs they give that are not wanted. Pairs are normalised (smaller id first).
 */
export function linkEditsFor(panoramas: readonly PlacedPanorama[], wanted: readonly (readonly [number, number])[], neighbours = NEIGHBOURS): { added: [number, number][]; removed: [number, number][] } {
  const auto = automaticPairs(panoramas, neighbours);
  const want = new Map(wanted.filter(([a, b]) => a !== b).map(([a, b]) => [pairKey(a, b), (a < b ? [a, b] : [b, a]) as [number, number]]));
  const added = [...want.entries()].filter(([key]) => !auto.has(key)).map(([, pair]) => pair);
  const removed = [...auto.entries()].filter(([key]) => !want.has(key)).map(([, [a, b]]) => (a.id < b.id ? [a.id, b.id] : [b.id, a.id]) as [number, number]);
  const order = (p: [number, number], q: [number, number]) => p[0] - q[0] || p[1] - q[1];
  return { added: added.sort(order), removed: removed.sort(order) };
}
