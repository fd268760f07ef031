import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { registerImage } from '@/lib/server/blurring/register-image';
import type { Db } from '@/lib/server/db/client';
import { mission, missionFile, missionImage, tour, tourPanorama } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import { systemContext } from '@/lib/server/domain/contexts';
import { tourGenerateJob } from '@/lib/server/tours/generate-job';
import { DEMO_SCAN_MISSION_REFERENCE } from './demo-scan';
import { GROUND } from './demo-building-surfaces';

/*
 * Issue 17 point 6: the demo mission's tour. Rooms of the generated office building (24 m × 12 m,
 * entrance in the middle of the south facade) are rendered as 2:1 panoramas by this script, placed
 * on their floors with the courtyard panorama of the blurring demo, and a tour is created whose
 * generation the worker runs as soon as the demo point cloud is converted (the job retries while
 * it is not ready), so a newcomer finds a tour to walk through.
 */

export const DEMO_TOUR_NAME = 'Rundgang Bürohaus';

/**
 * Tour plans are in the frame of the mission's point cloud (x east, y north from its lower
 * corner; ADR 0012): the demo cloud starts at the ground's south-west corner, so a room at
 * (x, y) of the building stands at (x − west, y − south) on the plan, over its walls in the slice.
 */
const onPlan = (x: number, y: number) => ({ x: x - GROUND.west, y: y - GROUND.south });
const COURTYARD = 'hof-panorama.jpg';

interface Room {
  filename: string;
  label: string;
  floor: number;
  x: number;
  y: number;
  heading: number;
  wall: string;
}

const ROOMS: Room[] = [
  { filename: 'eingangshalle.jpg', label: 'Eingangshalle', floor: 0, x: 12, y: 3, heading: 0, wall: '#d8cbb3' },
  { filename: 'flur-west.jpg', label: 'Flur West', floor: 0, x: 6, y: 6, heading: 270, wall: '#c7d3c0' },
  { filename: 'flur-ost.jpg', label: 'Flur Ost', floor: 0, x: 18, y: 6, heading: 90, wall: '#cbd0dc' },
  { filename: 'buero-nord.jpg', label: 'Büro Nord (1. OG)', floor: 1, x: 11, y: 8, heading: 0, wall: '#e0d5c4' },
  { filename: 'besprechung.jpg', label: 'Besprechung (1. OG)', floor: 1, x: 18, y: 8, heading: 90, wall: '#d6c9d9' },
];

const W = 2048;
const H = 1024;
const COMPASS = ['N', 'O', 'S', 'W'];

/**
 * An equirectangular room: ceiling above, floor below, four walls with windows and the compass
 * direction each faces, seen from the room's place with its heading (image centre = heading).
 */
export async function renderRoom(room: Pick<Room, 'label' | 'heading' | 'wall'>): Promise<Buffer> {
  const xOfBearing = (bearing: number) => ((((bearing - room.heading + 180) % 360) + 360) % 360) / 360 * W;
  const walls = COMPASS.map((letter, i) => {
    const centre = xOfBearing(i * 90);
    const shade = ['#00000000', '#00000014', '#00000028', '#0000000a'][i];
    const parts = [-1, 0, 1].map((k) => centre + k * W).filter((c) => c > -W / 4 && c < W + W / 4);
    return parts
      .map((c) => `<rect x="${c - W / 8}" y="330" width="${W / 4}" height="330" fill="${shade}"/>
        <rect x="${c - 90}" y="390" width="70" height="110" fill="#9cc3e6" stroke="#556" stroke-width="4"/>
        <rect x="${c + 20}" y="390" width="70" height="110" fill="#9cc3e6" stroke="#556" stroke-width="4"/>
        <text x="${c}" y="600" font-size="42" font-family="sans-serif" fill="#333" text-anchor="middle">${letter}</text>`)
      .join('');
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="330" fill="#f3f1ec"/>
    <rect y="330" width="${W}" height="330" fill="${room.wall}"/>${walls}
    <rect y="660" width="${W}" height="${H - 660}" fill="#8a7560"/>
    ${Array.from({ length: 32 }, (_, i) => `<line x1="${i * 64}" y1="660" x2="${i * 64}" y2="${H}" stroke="#7a6652" stroke-width="3"/>`).join('')}
    <text x="${W / 2}" y="300" font-size="48" font-family="sans-serif" fill="#444" text-anchor="middle">${room.label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function seedDemoTour(db: Db, identities: Record<string, string>): Promise<{ created: boolean }> {
  const ctx = systemContext(db);
  const [demo] = await db.select({ id: mission.id }).from(mission).where(eq(mission.internalReference, DEMO_SCAN_MISSION_REFERENCE));
  if (!demo) return { created: false };
  const [existing] = await db.select({ id: tour.id }).from(tour).where(and(eq(tour.missionId, demo.id), eq(tour.name, DEMO_TOUR_NAME)));
  if (existing) return { created: false };
  const operator = identities['operator@example.com'] ?? null;
  const prefix = `missions/${demo.id}/uploads/demo-tour/`;
  const rendered = await Promise.all(ROOMS.map(async (room) => ({ room, bytes: await renderRoom(room) })));

  await inTransaction(ctx, async (tx) => {
    let order = 1;
    for (const { room, bytes } of rendered) {
      const key = `${prefix}${room.filename}`;
      const stored = await ctx.storage.put(key, bytes, { contentType: 'image/jpeg' });
      const [file] = await tx.db
        .insert(missionFile)
        .values({ missionId: demo.id, kind: 'tour-image', filename: room.filename, storageKey: key, sizeBytes: stored.size, sha256: createHash('sha256').update(bytes).digest('hex'), contentType: 'image/jpeg', uploadedBy: operator })
        .returning({ id: missionFile.id });
      const imageId = await registerImage(tx, { missionId: demo.id, missionFileId: file!.id, purpose: 'tour-image', filename: room.filename, uploadedBy: operator });
      await tx.db.insert(tourPanorama).values({ imageId, missionId: demo.id, name: room.label, sortOrder: order++, floor: room.floor, ...onPlan(room.x, room.y), heading: room.heading });
    }
    // The courtyard panorama of the blurring demo, in front of the entrance, looking at the building.
    const [courtyard] = await tx.db
      .select({ id: missionImage.id })
      .from(missionImage)
      .innerJoin(missionFile, eq(missionFile.id, missionImage.missionFileId))
      .where(and(eq(missionImage.missionId, demo.id), eq(missionFile.filename, COURTYARD)));
    if (courtyard) await tx.db.insert(tourPanorama).values({ imageId: courtyard.id, missionId: demo.id, name: 'Hof', sortOrder: 0, floor: 0, ...onPlan(12, -5), heading: 0 }).onConflictDoNothing();
    const [created] = await tx.db.insert(tour).values({ missionId: demo.id, name: DEMO_TOUR_NAME }).returning({ id: tour.id });
    const job = await tx.jobs.enqueue(tx.db, tourGenerateJob, { tourId: created!.id }, { missionId: demo.id, createdBy: operator ?? undefined });
    await tx.db.update(tour).set({ generationJobId: job.id, updatedAt: sql`now()` }).where(eq(tour.id, created!.id));
  });
  return { created: true };
}
