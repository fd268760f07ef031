import type * as endpoints from '@/lib/shared/api/endpoints/support';
import { callers } from './call';
import { routes } from './routes/support';

/** The support view: `support.sendSupportRequest({ body })`. */
export const support = callers<typeof endpoints>(routes);
