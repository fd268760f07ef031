import { handle } from '@/lib/server/api/handler';
import { searchAddress } from '@/lib/server/geocode/search-address';
import * as api from '@/lib/shared/api/endpoints/geocode';
import { negotiateLocale } from '@/lib/shared/locale';

export const dynamic = 'force-dynamic';

export const GET = handle(api.geocode, ({ query }, ctx) =>
  searchAddress(query.q, negotiateLocale(ctx.request.headers.get('accept-language'))),
);
