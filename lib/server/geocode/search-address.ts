import 'server-only';
import { z } from 'zod';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/errors';
import type { GeocodeResult } from '@/lib/shared/api/endpoints/geocode';
import { encodeKey } from '@/lib/shared/validation/issue';

const TIMEOUT_MS = 5000;

const nominatimResults = z.array(
  z.object({
    display_name: z.string(),
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
  }),
);

/**
 * Issue #7: address search through a Nominatim-compatible API (GEOCODER_URL). Unset → not_found;
 * any failure of the geocoder (network, timeout, status, unexpected body) → service_unavailable.
 */
export async function searchAddress(query: string, locale: string, baseUrl = env().GEOCODER_URL): Promise<GeocodeResult[]> {
  if (!baseUrl) throw new AppError('not_found', 'no geocoder configured', undefined, 'errors.admin.geocoderMissing');
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/search`);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '5');
  url.searchParams.set('q', query);
  url.searchParams.set('accept-language', locale);
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { 'user-agent': 'Argus', accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppError('service_unavailable', `The geocoder failed: ${reason}`, undefined, encodeKey('errors.admin.geocoderFailed', { reason }));
  }
  const parsed = nominatimResults.safeParse(body);
  if (!parsed.success) throw new AppError('service_unavailable', 'The geocoder answered in an unexpected format', undefined, 'errors.admin.geocoderFormat');
  return parsed.data.map((r) => ({ label: r.display_name, lat: r.lat, lon: r.lon }));
}
