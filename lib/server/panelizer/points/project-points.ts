import 'server-only';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PanelizerPoints, PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import { dataset, panelizerProject } from '../../db/schema';
import type { DomainContext } from '../../domain/context';
import { AppError } from '../../errors';
import { requireExport, requireProject } from '../panelizer-access';
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
  return pointsSource(ctx, row.datasetId, row.document.origin, query);
}

/**
 * Where an export's points come from, for whoever may open the export: its editors, and the
 * mission's readers once it is published. The frame is the export's own (frozen) origin.
 */
export async function exportPointsSource(ctx: DomainContext, { id, query }: { id: string; query: PanelizerPointsQuery }): Promise<ProjectPointsSource> {
  const { row } = await requireExport(ctx, id);
  const [project] = await ctx.db.select({ datasetId: panelizerProject.datasetId }).from(panelizerProject).where(eq(panelizerProject.id, row.projectId));
  return pointsSource(ctx, project?.datasetId ?? null, row.document.origin, query);
}

async function pointsSource(ctx: DomainContext, datasetId: number | null, origin: [number, number, number], query: PanelizerPointsQuery): Promise<ProjectPointsSource> {
  if (datasetId === null) throw noCloud();
  const [found] = await ctx.db.select({ cloudPrefix: dataset.cloudPrefix }).from(dataset).where(eq(dataset.id, datasetId));
  if (!found?.cloudPrefix) throw noCloud();
  const hash = createHash('sha256').update(JSON.stringify([found.cloudPrefix, origin, query])).digest('base64url');
  return { cloudPrefix: found.cloudPrefix, origin, etag: `"${hash.slice(0, 32)}"` };
}

/** The point set `query` asks for, cut from the project's cloud in its document's frame. */
export async function getPanelizerProjectPoints(ctx: DomainContext, source: ProjectPointsSource, query: PanelizerPointsQuery): Promise<PanelizerPoints> {
  return cutPanelizerPoints(ctx.storage, source.cloudPrefix, source.origin, query);
}
