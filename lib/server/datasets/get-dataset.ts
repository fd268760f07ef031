import 'server-only';
import type { DatasetDto } from '@/lib/shared/schemas/dataset';
import type { DomainContext } from '../domain/context';
import { requireDataset } from './dataset-access';
import { withConversions } from './dataset-reads';

export async function getDataset(ctx: DomainContext, { id }: { id: number }): Promise<DatasetDto> {
  const { row } = await requireDataset(ctx, id, 'read');
  return (await withConversions(ctx, [row]))[0]!;
}
