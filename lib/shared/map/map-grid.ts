/*
 * The clustering grid of the map overview, shared by the server (which clusters in SQL) and the
 * client (which builds the request). Zod-free: client components import it.
 */

/** Grid cells per 512 px map tile width: a cell is about 64 px on screen, the size of a cluster bubble. */
export const CELLS_PER_TILE = 8;

/** From this zoom on the server sends every mission on its own (a city block fits a screen). */
export const SINGLES_ZOOM = 15;

/** Most missions sent one by one at SINGLES_ZOOM and above; more make clusters again. */
export const MAX_SINGLES = 2000;

/** Most grid cells in one answer; a wider box gets a coarser grid so the payload stays small. */
export const MAX_CELLS = 4096;

export const MAX_ZOOM = 22;

/** Cell edge in degrees at a zoom (web-mercator tiles are 360° / 2^zoom wide). */
export function cellSize(zoom: number): number {
  return 360 / (2 ** Math.floor(zoom) * CELLS_PER_TILE);
}

/** The cell size for a box: the zoom's, doubled until the box holds at most MAX_CELLS cells. */
export function cellSizeFor(bbox: readonly [number, number, number, number], zoom: number): number {
  const [w, s, e, n] = bbox;
  let cell = cellSize(zoom);
  while (Math.ceil((e - w) / cell) * Math.ceil((n - s) / cell) > MAX_CELLS) cell *= 2;
  return cell;
}

/** A box clamped to the world (MapLibre reports longitudes past ±180 when the world repeats). */
export function clampBbox([w, s, e, n]: readonly [number, number, number, number]): [number, number, number, number] {
  const lon = (v: number) => Math.min(180, Math.max(-180, v));
  const lat = (v: number) => Math.min(90, Math.max(-90, v));
  return [lon(w), lat(s), lon(e), lat(n)];
}

/** `w,s,e,n` with 5 decimals (about a metre): short URLs and an equal key for equal views. */
export function bboxParam(bbox: readonly [number, number, number, number]): string {
  return clampBbox(bbox)
    .map((v) => Number(v.toFixed(5)))
    .join(',');
}
