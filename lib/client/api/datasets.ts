import type * as endpoints from '@/lib/shared/api/endpoints/datasets';
import { callers } from './call';
import { routes } from './routes/datasets';

/** Datasets (scans), the pipeline and the mission's online point cloud: `datasets.cancelDataset({ params: { id } })`. */
export const datasets = callers<typeof endpoints>(routes);
