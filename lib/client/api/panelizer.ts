import type * as endpoints from '@/lib/shared/api/endpoints/panelizer';
import { callers } from './call';
import { routes } from './routes/panelizer';

/** The facade panelizer: `panelizer.createPanelizerProject({ params: { id: missionId }, body: { name } })`. */
export const panelizer = callers<typeof endpoints>(routes);
