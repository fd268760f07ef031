/**
 * Photo Sphere Viewer's own texts (its `lang` option: the navbar buttons' titles, the loader, its
 * errors; the gallery's and markers plugins' buttons) in the user's language. The keys are PSV's
 * and those of our messages (`tours.viewer.panorama`), so the tour page and the exported tour
 * (lib/server/tours/archive) give the same texts.
 */
export const PANORAMA_TEXTS = [
  'zoom', 'zoomOut', 'zoomIn', 'moveUp', 'moveDown', 'moveLeft', 'moveRight', 'description', 'download', 'fullscreen',
  'loading', 'menu', 'close', 'twoFingers', 'ctrlZoom', 'loadError', 'webglError', 'gallery', 'markers', 'markersList',
] as const;

export type PanoramaText = (typeof PANORAMA_TEXTS)[number];

/** The `lang` option from a translator of `tours.viewer.panorama`. */
export const panoramaLang = (t: (key: PanoramaText) => string): Record<PanoramaText, string> =>
  Object.fromEntries(PANORAMA_TEXTS.map((key) => [key, t(key)])) as Record<PanoramaText, string>;
