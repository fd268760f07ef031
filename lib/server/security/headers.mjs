/**
 * The security headers of every response (spec: abuse resistance). Plain JavaScript because
 * next.config.mjs (API answers, downloads, static files) and the route guard (pages, with a
 * per-request nonce: lib/server/guard/) both need them.
 */

/**
 * Set on a page request the route guard let through: next.config.mjs then leaves the page's own
 * Content-Security-Policy, the one with the script nonce, in place.
 */
export const GUARDED_HEADER = 'x-argus-guarded';

/** Sent on every response. */
export const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Mission and customer ids in our URLs stay on our origin (map tiles, OIDC providers).
  { key: 'Referrer-Policy', value: 'same-origin' },
  // frame-ancestors 'none' for browsers that predate it.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** Only meaningful over TLS (browsers ignore it on plain http); two years, as preload lists ask. */
export const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' };

/**
 * The Content Security Policy. Pages pass the request's `nonce`: Next.js puts it on its own
 * inline and chunk scripts, and 'strict-dynamic' lets those load the lazily imported chunks
 * (viewer, map, editors). Without a nonce (API answers, files) no script may run at all inline.
 * Workers: MapLibre's from /maplibre-gl-worker.mjs ('self'), potree's decoders from blob: URLs.
 * Styles stay 'unsafe-inline': React, MapLibre and three set style attributes, which nonces
 * cannot cover. `remote`: the schemes a configured map style (MAP_STYLE_URL) may fetch tiles,
 * sprites and glyphs from, on hosts its style document names (see remoteMapSources).
 * @param {{ nonce?: string, dev?: boolean, remote?: string[] }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce, dev = false, remote = [] } = {}) {
  const script = nonce ? ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"] : ["'self'"];
  // React's development build evaluates code for its stack traces and fast refresh.
  if (dev) script.push("'unsafe-eval'");
  const directives = {
    'default-src': ["'self'"],
    'script-src': script,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...remote],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'data:', 'blob:', ...remote],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Sources a configured map style needs: its tiles may live on any host of its scheme.
 * @param {string | undefined} mapStyleUrl
 * @returns {string[]}
 */
export function remoteMapSources(mapStyleUrl) {
  if (!mapStyleUrl) return [];
  return [new URL(mapStyleUrl).protocol === 'http:' ? 'http:' : 'https:'];
}
