import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Region } from '@/lib/shared/schemas/blurring';
import { recordAudit } from '../audit/record-audit';
import { missionImage } from '../db/schema';
import { inTransaction } from '../domain/context';
import { jobDomainContext } from '../domain/contexts';
import { PermanentJobError, type JobHandler } from '../jobs/define';
import type { blurringDetectJob } from './detect-job';
import { detectFaces, FACE_DETECTOR, faceDetectorVersion } from './face-detector';
import { decodeRgb, ImageRejected, readFacts } from './image-io';
import { dropRendered, readOriginal, storeRendered } from './store-rendered';

/**
 * blurring.detect: reads the image's size from its header (refusing one over the pixel limit before
 * decoding it), finds faces (a photo's tiles; a panorama's views across the seam and near the
 * poles), keeps them as proposals next to any hand-drawn region, renders the blurred derivative
 * and thumbnail. A re-run replaces the detector's earlier proposals, never a person's regions.
 */
export const blurringDetectHandler: JobHandler<typeof blurringDetectJob.schema> = {
  async run({ imageId }, job) {
    const ctx = jobDomainContext(job);
    const [image] = await ctx.db.select().from(missionImage).where(eq(missionImage.id, imageId));
    if (!image) return { skipped: 'gone' };
    await ctx.db.update(missionImage).set({ detection: 'running', updatedAt: sql`now()` }).where(eq(missionImage.id, imageId));
    try {
      const original = await readOriginal(ctx, image);
      const facts = await readFacts(original);
      const started = Date.now();
      const faces = await detectFaces(await decodeRgb(original), { panorama: image.kind === 'panorama' && facts.equirectangular });
      const seconds = (Date.now() - started) / 1000;
      const now = ctx.clock.now();
      const proposals: Region[] = faces.map((f) => ({
        id: randomUUID(), shape: 'ellipse', kind: 'face', x: round(f.x), y: round(f.y), width: round(f.width), height: round(f.height),
        source: 'detector', confidence: Math.round(f.score * 1000) / 1000, adjusted: false, createdBy: null, createdAt: now.toISOString(),
      }));
      const regions = [...image.regions.filter((r) => r.source !== 'detector' || r.adjusted), ...proposals];
      const version = image.regionsVersion + 1;
      const rendered = await storeRendered(ctx, image, original, regions, version);
      const detectorVersion = await faceDetectorVersion();
      const saved = await inTransaction(ctx, async (tx) => {
        const [row] = await tx.db
          .update(missionImage)
          .set({
            width: facts.width, height: facts.height, metadata: { ...image.metadata, format: facts.format, orientation: facts.orientation, equirectangular: facts.equirectangular, pose: facts.pose },
            detection: 'done', detectionError: null, detector: FACE_DETECTOR, detectorVersion, detectedAt: now,
            regions, regionsVersion: version, ...rendered, updatedAt: now, version: sql`${missionImage.version} + 1`,
          })
          // A person saved meanwhile: run again on their regions (at-least-once jobs retry).
          .where(and(eq(missionImage.id, imageId), eq(missionImage.regionsVersion, image.regionsVersion)))
          .returning({ id: missionImage.id });
        if (row) await recordAudit(tx, { entity: 'mission_image', entityId: imageId, missionId: image.missionId, action: 'detect', diff: { detector: FACE_DETECTOR, detectorVersion, proposals: proposals.length, seconds } });
        return row !== undefined;
      });
      if (!saved) {
        await dropRendered(ctx, [rendered.blurredKey, rendered.thumbnailKey]);
        throw new Error(`image ${imageId}: regions changed during detection`);
      }
      await dropRendered(ctx, [image.blurredKey, image.thumbnailKey]);
      return { faces: proposals.length, seconds };
    } catch (err) {
      const final = err instanceof ImageRejected || job.attempt >= job.maxAttempts;
      if (final) {
        const message = err instanceof Error ? err.message : String(err);
        await ctx.db.update(missionImage).set({ detection: 'failed', detectionError: message, updatedAt: sql`now()` }).where(eq(missionImage.id, imageId));
        throw new PermanentJobError(message);
      }
      throw err;
    }
  },
};

const round = (v: number) => Math.round(v * 10) / 10;
