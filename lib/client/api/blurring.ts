import type * as endpoints from '@/lib/shared/api/endpoints/blurring';
import { callers } from './call';
import { routes } from './routes/blurring';

/** The blurring review: queue, a mission's images, regions, approve and finish: `blurring.approveImage({ params: { id } })`. */
export const blurring = callers<typeof endpoints>(routes);
