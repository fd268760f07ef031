import type * as endpoints from '@/lib/shared/api/endpoints/confirmations';
import { callers } from './call';
import { routes } from './routes/confirmations';

/** Confirmation links: `confirmations.requestConfirmation({ params: { id }, body })`, `confirmations.confirm({ params: { token } })`. */
export const confirmations = callers<typeof endpoints>(routes);
