import type * as endpoints from '@/lib/shared/api/endpoints/measurements';
import { callers } from './call';
import { routes } from './routes/measurements';

/** The viewer's saved items: `measurements.createMeasurement({ params: { id: missionId }, body })`. */
export const measurements = callers<typeof endpoints>(routes);
