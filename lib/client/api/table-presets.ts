import type * as endpoints from '@/lib/shared/api/endpoints/table-presets';
import { callers } from './call';
import { routes } from './routes/table-presets';

/** The mission list's saved column sets. */
export const tablePresets = callers<typeof endpoints>(routes);
