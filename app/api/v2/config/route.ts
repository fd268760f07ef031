import { handle } from '@/lib/server/api/handler';
import { requestOrigin } from '@/lib/server/api/origin';
import { config } from '@/lib/shared/api/endpoints/platform';

export const dynamic = 'force-dynamic';

// The identity service's public API is proxied on the app's own origin (ARCHITECTURE §2).
export const GET = handle(config, async (_input, { request }) => {
  const origin = requestOrigin(request);
  return { argus_url: origin, kratos_url: origin };
});
