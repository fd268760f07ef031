import type * as endpoints from '@/lib/shared/api/endpoints/tours';
import { callers } from './call';
import { routes } from './routes/tours';

/** Virtual tours: `tours.createTour({ params: { id: missionId }, body: { name } })`. */
export const tours = callers<typeof endpoints>(routes);
