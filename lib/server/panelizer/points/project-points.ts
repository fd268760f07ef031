import 'server-only';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PanelizerPoints, PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import { dataset } from '../../db/schema';
import type { DomainContext } from '../../domain/context';
import { AppError } from '../../errors';
import { requireProject } from '../panelizer-access';
import { cutPanelizerPoints } from './cut';

const noCloud = () => new AppError('conflict', 'The project has no converted point cloud to draw on', undefined, 'panelizer.errors.noPointcloud');

export interface ProjectPointsSource {
  cloudPrefix: string;
  origin: [number, number, number];
  /** Strong entity tag of the answer: the points depend only on the cloud, the frame and the query. */
  etag: string;
}

/**
 * Where a project's points come from, after checking the caller may open the project (its
 * editors). The tag is known before anything is cut, so a revalidation costs no decoding.
 */
export async function projectPointsSource(ctx: DomainContext, { id, query }: { id: string; query: PanelizerPointsQuery }): Promise<ProjectPointsSource> {
  const { row } = await requireProject(ctx, id);
  if (row.datasetId === null) throw noCloud();
  const [found] = await ctx.db.select({ cloudPrefix: dataset.cloudPrefix }).from(dataset).where(eq(dataset.id, row.datasetId));
  if (!found?.cloudPrefix) throw noCloud();
  const origin = row.document.origin;
  const hash = createHash('sha256').update(JSON.stringify([found.cloudPrefix, origin, query])).digest('base64url');
  return { cloudPrefix: found.cloudPrefix, origin, etag: `"${hash.slice(0, 32)}"` };
}

/** The point set `query` asks for, cut from the project's cloud in its document's frame. */
export async function getPanelizerProjectPoints(ctx: DomainContext, source: ProjectPointsSource, query: PanelizerPointsQuery): Promise<PanelizerPoints> {
  return cutPanelizerPoints(ctx.storage, source.cloudPrefix, source.origin, query);
}
