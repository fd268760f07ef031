import * as endpoints from '@/lib/shared/api/endpoints/table-presets';
import { callers } from './call';

/** The mission list's saved column sets. */
export const tablePresets = callers(endpoints);
