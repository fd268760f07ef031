import type { TourManifest, TourNode } from '@/lib/shared/schemas/tour';

/** Where the tour is looking: the panorama and the camera, as the address carries them. */
export interface TourView {
  imageId: number | null;
  /** Degrees. */
  yaw: number;
  pitch: number;
  zoom: number;
}

const num = (value: string | string[] | null | undefined, min: number, max: number): number | null => {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw === null || raw === '' || !/^-?\d+(\.\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};

/** `?image=…&yaw=…&pitch=…&zoom=…` → a view; anything unreadable falls back to the tour's start. */
export function parseTourView(query: Record<string, string | string[] | undefined> | URLSearchParams): TourView {
  const get = (key: string) => (query instanceof URLSearchParams ? query.get(key) : query[key]);
  return {
    imageId: num(get('image'), 1, Number.MAX_SAFE_INTEGER),
    yaw: num(get('yaw'), -360, 360) ?? 0,
    pitch: num(get('pitch'), -90, 90) ?? 0,
    zoom: num(get('zoom'), 0, 100) ?? 50,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The address of a view (the current path with the view's query), so "copy current URL" reopens it. */
export function tourViewSearch(view: TourView): string {
  const search = new URLSearchParams();
  if (view.imageId !== null) search.set('image', String(view.imageId));
  search.set('yaw', String(round(view.yaw)));
  search.set('pitch', String(round(view.pitch)));
  search.set('zoom', String(Math.round(view.zoom)));
  return `?${search.toString()}`;
}

/** The panorama to open: the one asked for if the tour has it, else the first. */
export function startNode(manifest: TourManifest, imageId: number | null): TourNode | null {
  return manifest.nodes.find((n) => n.id === imageId) ?? manifest.nodes[0] ?? null;
}
