import type * as endpoints from '@/lib/shared/api/endpoints/processors';
import { callers } from './call';
import { routes } from './routes/processors';

/** Processor (SLAM) tokens, for admins: `processors.issueProcessor({ body: { name } })`. */
export const processors = callers<typeof endpoints>(routes);
