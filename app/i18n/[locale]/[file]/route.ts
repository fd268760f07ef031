import { clientCatalogue, isCataloguePart } from '@/lib/i18n/client-catalogue';
import { isLocale } from '@/lib/shared/locale';

const FILE = /^([A-Za-z]+)\.([0-9a-f]{12})\.json$/;

/**
 * A file of client messages (lib/i18n/client-catalogue.ts). Public: the sign-in page needs its
 * messages too, and they hold nothing a visitor may not read. The name holds a hash of the
 * content, so the browser keeps the file for good; a name from before a new build gets today's
 * content, not to be kept.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string; file: string }> }) {
  const { locale, file } = await params;
  const [, part, hash] = FILE.exec(file) ?? [];
  if (!isLocale(locale) || !part || !isCataloguePart(part)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const catalogue = clientCatalogue(locale, part);
  const current = catalogue.src.endsWith(`.${hash}.json`);
  return new Response(catalogue.json, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}
