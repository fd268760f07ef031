import { handle } from '@/lib/server/api/handler';
import { db } from '@/lib/server/db/client';
import { publicTour } from '@/lib/server/tours/tour-files';
import * as api from '@/lib/shared/api/endpoints/tours';

export const dynamic = 'force-dynamic';

// The token is the authorization: no session is asked for, and a revoked token is 404.
export const GET = handle(api.publicTour, async ({ params }) => {
  const { name, manifest } = await publicTour({ db: db() }, params.token);
  return { name, manifest };
});
