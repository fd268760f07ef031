import 'server-only';
import { inArray } from 'drizzle-orm';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { job } from '../db/schema';
import type { DomainContext } from '../domain/context';
import type { TourRow } from './tour-access';

/** Where a tour's generated files are read: its own route, or the public one while published. */
export const tourFilesBase = (row: Pick<TourRow, 'id'>) => `/api/v2/tours/${row.id}/panoramas`;
export const publicTourPath = (token: string) => `/tours/${token}`;

type Generation = TourDto['generation'];

/** The state and progress of each tour's latest generation job. */
export async function generationsOf(ctx: Pick<DomainContext, 'db'>, rows: readonly TourRow[]): Promise<Map<string, NonNullable<Generation>>> {
  const ids = rows.map((r) => r.generationJobId).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const jobs = await ctx.db.select({ id: job.id, state: job.state, progress: job.progress }).from(job).where(inArray(job.id, ids));
  return new Map(jobs.map((j) => [j.id, { state: j.state, progress: j.progress }]));
}

export function toTourDto(row: TourRow, generation: Generation): TourDto {
  const base = tourFilesBase(row);
  return {
    id: row.id,
    missionId: row.missionId,
    name: row.name,
    status: row.status,
    published: row.publicToken !== null,
    publicPath: row.publicToken ? publicTourPath(row.publicToken) : null,
    errorReason: row.status === 'error' ? row.errorReason : null,
    generation,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    images: (row.manifest?.nodes ?? []).map((n) => ({ name: n.name, imageLink: `${base}/${n.id}/preview.jpg` })),
    version: row.version,
  };
}

export async function toTourDtos(ctx: Pick<DomainContext, 'db'>, rows: readonly TourRow[]): Promise<TourDto[]> {
  const generations = await generationsOf(ctx, rows);
  return rows.map((r) => toTourDto(r, r.generationJobId ? (generations.get(r.generationJobId) ?? null) : null));
}
