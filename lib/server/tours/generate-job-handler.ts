import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { TourManifest } from '@/lib/shared/schemas/tour';
import { readOriginal } from '../blurring/store-rendered';
import { mission, tour } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { jobDomainContext } from '../domain/contexts';
import { PermanentJobError, type JobHandler } from '../jobs/define';
import { missionPanoramas, type Panorama } from './panoramas';
import { generateBlockers } from './generate-rules';
import { generationPrefix, type tourGenerateJob } from './generate-job';
import { buildLinks, NEIGHBOURS } from '@/lib/shared/tours/links';
import { cutPanorama, NotEquirectangular, TILE_SIZE } from './tiles';

/**
 * tour.generate: cuts the tiles of every panorama the tours use (the blurred derivative whenever
 * blurring produced one), builds the links from their places and swaps the tour's output in one
 * write. A failure sets status error with the reason and leaves the previous output served.
 */
export const tourGenerateHandler: JobHandler<typeof tourGenerateJob.schema> = {
  async run({ tourId }, job) {
    const ctx = jobDomainContext(job);
    const [current] = await ctx.db.select().from(tour).where(eq(tour.id, tourId));
    if (!current) return { skipped: 'gone' };
    try {
      const prefix = generationPrefix(current.missionId, tourId, job.jobId);
      const manifest = await cutAll(ctx, current, prefix, job);
      const previous = await inTransaction(ctx, async (tx) => {
        const [locked] = await tx.db.select().from(tour).where(eq(tour.id, tourId)).for('update');
        if (!locked) return null;
        await tx.db
          .update(tour)
          .set({ outputPrefix: prefix, manifest, generatedAt: ctx.clock.now(), errorReason: null, status: locked.publicToken ? 'published' : 'not_published', updatedAt: sql`now()` })
          .where(eq(tour.id, tourId));
        return locked.outputPrefix ?? '';
      });
      if (previous === null) await ctx.storage.deletePrefix(prefix);
      else if (previous && previous !== prefix) await ctx.storage.deletePrefix(previous).catch((err: unknown) => ctx.log.error(`could not remove ${previous}`, err));
      return { panoramas: manifest.nodes.length };
    } catch (err) {
      const final = err instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      if (final) {
        const reason = err instanceof Error ? err.message : String(err);
        await ctx.db.update(tour).set({ status: 'error', errorReason: reason, updatedAt: sql`now()` }).where(eq(tour.id, tourId));
        throw new PermanentJobError(reason);
      }
      throw err;
    }
  },
  async cleanup({ tourId }, job) {
    // A deleted tour took its files with it.
    const [current] = await job.db.select({ missionId: tour.missionId }).from(tour).where(eq(tour.id, tourId));
    if (current) await job.storage.deletePrefix(generationPrefix(current.missionId, tourId, job.jobId));
  },
};

async function cutAll(ctx: DomainContext, current: typeof tour.$inferSelect, prefix: string, job: Parameters<typeof tourGenerateHandler.run>[1]): Promise<TourManifest> {
  const missionId = current.missionId;
  const [missionRow] = await ctx.db.select().from(mission).where(eq(mission.id, missionId));
  const panoramas = (await missionPanoramas(ctx, missionId)).filter((p) => p.inTours);
  const blockers = missionRow ? await generateBlockers(ctx, missionRow, panoramas) : ['missionGone'];
  const reason = `Tour generation is disabled: ${blockers.join(', ')}`;
  // A point cloud still being built will be ready soon (the demo tour waits for it this way).
  if (blockers.length === 1 && blockers[0] === 'pointcloudNotReady') throw new Error(reason);
  if (blockers.length > 0) throw new PermanentJobError(reason);
  const nodes: TourManifest['nodes'] = [];
  // Links edited by hand survive: applied again to the links the (possibly new) positions give.
  const links = buildLinks(panoramas.map((p) => ({ id: p.imageId, floor: p.floor!, x: p.x!, y: p.y!, heading: p.heading })), NEIGHBOURS, current.linkEdits);
  for (const [index, p] of panoramas.entries()) {
    if (job.signal.aborted) throw new Error('generation was stopped');
    const bytes = await sourceOf(ctx, p);
    const cut = await cutPanorama(bytes).catch((err: unknown) => {
      throw err instanceof NotEquirectangular ? new PermanentJobError(`"${p.name}": ${err.message}`) : err;
    });
    await ctx.storage.put(`${prefix}${p.imageId}/preview.jpg`, cut.preview, { contentType: 'image/jpeg' });
    for (const [name, tile] of cut.tiles) await ctx.storage.put(`${prefix}${p.imageId}/${name}`, tile, { contentType: 'image/jpeg' });
    nodes.push({ id: p.imageId, name: p.name, floor: p.floor!, x: p.x!, y: p.y!, heading: p.heading, levels: cut.levels, links: links.get(p.imageId) ?? [] });
    await job.reportProgress(Math.floor(((index + 1) / panoramas.length) * 100));
  }
  return { tileSize: TILE_SIZE, nodes, floors: [...new Set(nodes.map((n) => n.floor))].sort((a, b) => a - b) };
}

/** The blurred derivative when blurring rendered one; the original otherwise (nothing to hide yet). */
async function sourceOf(ctx: DomainContext, p: Panorama): Promise<Buffer> {
  if (p.width !== null && p.height !== null && p.width !== 2 * p.height) {
    throw new PermanentJobError(`"${p.name}" is ${p.width}×${p.height}, not an equirectangular panorama (2:1)`);
  }
  if (!p.blurredKey) return readOriginal(ctx, { missionFileId: p.missionFileId });
  const { body } = await ctx.storage.get(p.blurredKey);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
