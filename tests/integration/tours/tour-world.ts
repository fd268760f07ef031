import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { registerImage } from '@/lib/server/blurring/register-image';
import { conversion, job as jobRow, missionBlurring, missionFile, tour } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import type { JobContext } from '@/lib/server/jobs/define';
import { storage } from '@/lib/server/storage';
import { tourGenerateHandler } from '@/lib/server/tours/generate-job-handler';
import type { AppWorld } from '../mission-files/app-world';

/** A plain-coloured picture the tests generate themselves (a 2:1 panorama by default). */
export function picture(rgb: [number, number, number], width = 2048, height = width / 2): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).jpeg({ quality: 90 }).toBuffer();
}

/** A finished tour-image upload on the mission, as finishUpload records it: a panorama row. */
export async function uploadPanorama(app: AppWorld, missionId: number, name: string, bytes: Buffer, purpose: 'tour-image' | 'photo' = 'tour-image'): Promise<number> {
  const key = `missions/${missionId}/uploads/${name}/${name}.jpg`;
  const stored = await storage().put(key, bytes, { contentType: 'image/jpeg' });
  return inTransaction(app.t.system, async (tx) => {
    const [file] = await tx.db
      .insert(missionFile)
      .values({ missionId, kind: purpose, filename: `${name}.jpg`, storageKey: key, sizeBytes: stored.size, sha256: createHash('sha256').update(bytes).digest('hex'), contentType: 'image/jpeg', uploadedBy: app.ids.operator })
      .returning({ id: missionFile.id });
    return registerImage(tx, { missionId, missionFileId: file!.id, purpose, filename: `${name}.jpg`, uploadedBy: app.ids.operator });
  });
}

/** The mission's online point cloud as a succeeded build records it (what "ready" reads). */
export async function markPointcloudReady(app: AppWorld, missionId: number): Promise<void> {
  await app.t.db.insert(conversion).values({ missionId, state: 'succeeded', stage: 'done', inputs: [], workPrefix: `tmp/c${missionId}/`, outputPrefix: `missions/${missionId}/cloud/`, progress: 100 });
}

/** Blurring finished by someone other than who blurred (the data the publish rule reads). */
export async function finishBlurring(app: AppWorld, missionId: number): Promise<void> {
  await app.t.db.update(missionBlurring).set({ blurredBy: app.ids.operator, finishedBy: app.ids.admin, finishedAt: new Date() }).where(eq(missionBlurring.missionId, missionId));
}

/** Runs the tour's queued generation as the worker would (same job id, so cleanup finds its prefix). */
export async function runGeneration(app: AppWorld, tourId: number, attempt = 1): Promise<unknown> {
  const [row] = await app.t.db.select({ jobId: tour.generationJobId }).from(tour).where(eq(tour.id, tourId));
  const jobId = row!.jobId!;
  const job: JobContext = {
    jobId, attempt, maxAttempts: 2, signal: new AbortController().signal, reportProgress: async () => {},
    scratchPrefix: `tmp/jobs/${jobId}/`, db: app.t.db as JobContext['db'], storage: storage(), log: () => {},
  };
  const settle = (state: 'succeeded' | 'failed') => app.t.db.update(jobRow).set({ state, progress: 100, finishedAt: new Date() }).where(eq(jobRow.id, jobId));
  try {
    const result = await tourGenerateHandler.run({ tourId }, job);
    await settle('succeeded');
    return result;
  } catch (err) {
    await tourGenerateHandler.cleanup!({ tourId }, job);
    await settle('failed');
    throw err;
  }
}

export async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage().list(prefix)) keys.push(entry.key);
  return keys.sort();
}
