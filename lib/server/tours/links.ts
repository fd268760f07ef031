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

export function buildLinks(panoramas: readonly PlacedPanorama[], neighbours = NEIGHBOURS): Map<number, Link[]> {
  const pairs = new Map<string, { a: PlacedPanorama; b: PlacedPanorama; stairs: boolean }>();
  const add = (a: PlacedPanorama, b: PlacedPanorama, stairs: boolean) => {
    const key = a.id < b.id ? `${a.id}-${b.id}` : `${b.id}-${a.id}`;
    if (!pairs.has(key)) pairs.set(key, { a, b, stairs });
  };
  const floors = [...new Set(panoramas.map((p) => p.floor))].sort((x, y) => x - y);
  for (const floor of floors) {
    const on = panoramas.filter((p) => p.floor === floor);
    for (const a of on) {
      const nearest = on
        .filter((b) => b.id !== a.id)
        .sort((b, c) => distance(a, b) - distance(a, c) || b.id - c.id)
        .slice(0, neighbours);
      for (const b of nearest) add(a, b, false);
    }
  }
  for (let i = 0; i + 1 < floors.length; i++) {
    const lower = panoramas.filter((p) => p.floor === floors[i]);
    const upper = panoramas.filter((p) => p.floor === floors[i + 1]);
    let best: { a: PlacedPanorama; b: PlacedPanorama; d: number } | null = null;
    for (const a of lower) for (const b of upper) if (!best || distance(a, b) < best.d) best = { a, b, d: distance(a, b) };
    if (best) add(best.a, best.b, true);
  }
  const links = new Map<number, Link[]>(panoramas.map((p) => [p.id, []]));
  for (const { a, b, stairs } of pairs.values()) {
    const d = Math.round(distance(a, b) * 1000) / 1000;
    links.get(a.id)!.push({ to: b.id, yaw: yawTowards(a, b), distance: d, stairs });
    links.get(b.id)!.push({ to: a.id, yaw: yawTowards(b, a), distance: d, stairs });
  }
  for (const list of links.values()) list.sort((l, m) => l.distance - m.distance || l.to - m.to);
  return links;
}
