import 'server-only';
import { env } from '@/lib/server/env';

/**
 * The style URL a page hands to `<BaseMap styleUrl=…>`: MAP_STYLE_URL when configured, otherwise
 * undefined, which makes BaseMap use the bundled offline style. Read on the server so the browser
 * bundle never sees the environment.
 */
export function mapStyleUrl(): string | undefined {
  return env().MAP_STYLE_URL;
}
