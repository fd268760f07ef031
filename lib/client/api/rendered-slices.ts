import type * as endpoints from '@/lib/shared/api/endpoints/rendered-slices';
import { callers } from './call';
import { routes } from './routes/rendered-slices';

/** The mission's slice views exported from the viewer: `renderedSlices.listRenderedSlices({ params: { id } })`. */
export const renderedSlices = callers<typeof endpoints>(routes);
