import { z } from 'zod';
import { endpoint } from '../endpoint';

export const geocodeQuery = z.object({ q: z.string().trim().min(3).max(200) });

export const geocodeResultSchema = z.object({ label: z.string(), lat: z.number(), lon: z.number() });
export const geocodeResultsSchema = z.array(geocodeResultSchema);
export type GeocodeResult = z.output<typeof geocodeResultSchema>;

export const geocode = endpoint({
  method: 'GET',
  path: '/api/v2/geocode',
  summary:
    'Address search for the planner through the configured Nominatim-compatible geocoder (GEOCODER_URL): up to 5 places with label and WGS 84 position. 404 when no geocoder is configured, 503 when it fails',
  tag: 'missions',
  query: geocodeQuery,
  response: geocodeResultsSchema,
});
