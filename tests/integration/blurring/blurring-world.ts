import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { blurringDetectHandler } from '@/lib/server/blurring/detect-job-handler';
import { registerImage } from '@/lib/server/blurring/register-image';
import { missionFile, missionImage } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import type { JobContext } from '@/lib/server/jobs/define';
import { storage } from '@/lib/server/storage';
import type { AppWorld } from '../mission-files/app-world';

/** The committed portrait (tests/fixtures/blurring/LICENSES.md) and where its two faces are (pixels, x y w h). */
export const PORTRAIT = readFileSync(join(__dirname, '../../fixtures/blurring/two-people.jpg'));
export const PORTRAIT_FACES = [
  { x: 394, y: 18, width: 70, height: 104 },
  { x: 117, y: 9, width: 72, height: 97 },
];

/** A finished photo upload of the portrait on the mission, as finishUpload records it. */
export async function uploadPortrait(app: AppWorld, missionId: number, name: string): Promise<number> {
  const key = `missions/${missionId}/uploads/${name}/${name}.jpg`;
  const stored = await storage().put(key, PORTRAIT, { contentType: 'image/jpeg' });
  return inTransaction(app.t.system, async (tx) => {
    const [file] = await tx.db
      .insert(missionFile)
      .values({ missionId, kind: 'photo', filename: `${name}.jpg`, storageKey: key, sizeBytes: stored.size, sha256: createHash('sha256').update(PORTRAIT).digest('hex'), contentType: 'image/jpeg', uploadedBy: app.ids.operator })
      .returning({ id: missionFile.id });
    return registerImage(tx, { missionId, missionFileId: file!.id, purpose: 'photo', filename: `${name}.jpg`, uploadedBy: app.ids.operator });
  });
}

/** Runs the detection job the upload queued, as the worker would. */
export async function runDetection(app: AppWorld, imageId: number): Promise<unknown> {
  const job: JobContext = {
    jobId: `detect-${imageId}`, attempt: 1, maxAttempts: 3, signal: new AbortController().signal, reportProgress: async () => {},
    scratchPrefix: `tmp/jobs/detect-${imageId}/`, db: app.t.db as JobContext['db'], storage: storage(), log: () => {},
  };
  return blurringDetectHandler.run({ imageId }, job);
}

export async function imageRow(app: AppWorld, imageId: number) {
  const [row] = await app.t.db.select().from(missionImage).where(eq(missionImage.id, imageId));
  return row!;
}
