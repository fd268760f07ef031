import { dataset } from '@/lib/server/db/schema';
import { storage } from '@/lib/server/storage';
import type { AppWorld } from '../mission-files/app-world';

/** A converted dataset on the mission: its row and the cloud's metadata.json (what a project reads). */
export async function convertedDataset(app: AppWorld, missionId: number, min: [number, number, number]): Promise<number> {
  const cloudPrefix = `missions/${missionId}/datasets/pz-${missionId}/cloud/`;
  await storage().put(`${cloudPrefix}metadata.json`, Buffer.from(JSON.stringify({ version: '2.0', points: 1, boundingBox: { min, max: min.map((v) => v + 50) } })), { contentType: 'application/json' });
  const [row] = await app.t.db
    .insert(dataset)
    .values({ datasetId: `pz-${missionId}-${Date.now()}`, missionId, status: 'available', progress: 100, storageKey: `missions/${missionId}/scan.las`, cloudPrefix })
    .returning({ id: dataset.id });
  return row!.id;
}
