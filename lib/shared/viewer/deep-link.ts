/**
 * Deep links into the viewer (issue 16 point 4): `/mission/{id}/viewer?camera=…&item=…`, so support
 * can send an exact view. `camera` is the camera position and the point it looks at, in the
 * cloud's coordinates, six numbers to the millimetre; `item` the id of a saved item to show.
 */
export interface ViewerLink {
  camera?: { position: [number, number, number]; target: [number, number, number] };
  item?: number;
}

const mm = (v: number) => String(Math.round(v * 1000) / 1000);

export function formatViewerLink(link: ViewerLink): string {
  const search = new URLSearchParams();
  if (link.camera) search.set('camera', [...link.camera.position, ...link.camera.target].map(mm).join(','));
  if (link.item !== undefined) search.set('item', String(link.item));
  const text = search.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}

/** Reads a link's query; anything malformed is left out rather than refused (an old or cut link still opens). */
export function parseViewerLink(search: URLSearchParams | Record<string, string | string[] | undefined>): ViewerLink {
  const get = (key: string) => {
    const value = search instanceof URLSearchParams ? search.get(key) : search[key];
    return typeof value === 'string' ? value : null;
  };
  const link: ViewerLink = {};
  const numbers = get('camera')?.split(',').map(Number);
  if (numbers && numbers.length === 6 && numbers.every((n) => Number.isFinite(n) && Math.abs(n) <= 1e9)) {
    const [x, y, z, tx, ty, tz] = numbers as [number, number, number, number, number, number];
    link.camera = { position: [x, y, z], target: [tx, ty, tz] };
  }
  const item = Number(get('item'));
  if (Number.isSafeInteger(item) && item > 0) link.item = item;
  return link;
}
