import 'server-only';
import type { DomainContext } from '../domain/context';
import { notFound } from '../errors';
import { requireDataset } from './dataset-access';

/** Where a file of the dataset's own cloud lives, after checking the caller may read its mission. */
export async function datasetPointcloudKey(ctx: DomainContext, { id, file }: { id: number; file: string }): Promise<string> {
  const { row } = await requireDataset(ctx, id, 'read');
  if (!row.cloudPrefix) throw notFound('point cloud');
  return `${row.cloudPrefix}${file}`;
}
