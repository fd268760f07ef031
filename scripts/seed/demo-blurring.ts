import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { registerImage } from '@/lib/server/blurring/register-image';
import type { Db } from '@/lib/server/db/client';
import { mission, missionFile } from '@/lib/server/db/schema';
import { inTransaction } from '@/lib/server/domain/context';
import { systemContext } from '@/lib/server/domain/contexts';
import { DEMO_SCAN_MISSION_REFERENCE } from './demo-scan';

/*
 * Issue 18 point 6: the demo mission's photos wait for blurring. A photo of two people (the
 * committed public-domain portrait, tests/fixtures/blurring/LICENSES.md) and a generated 2:1
 * panorama of the building with that portrait on a poster by the entrance and a parked car's
 * number plate are stored as photo and tour-image uploads; their detection jobs run in the worker
 * at first start, so the queue and the editor show real proposals.
 */

const PORTRAIT = join(__dirname, '..', '..', 'tests', 'fixtures', 'blurring', 'two-people.jpg');
const INSTRUCTIONS = 'Blur every face and every number plate. The company sign above the entrance may stay visible.';

/** A 2048 × 1024 equirectangular scene: sky, facade with windows, pavement, a poster, a car with its plate. */
export async function demoPanorama(portrait: Buffer): Promise<Buffer> {
  const W = 2048;
  const H = 1024;
  const windows = Array.from({ length: 14 }, (_, i) => Array.from({ length: 3 }, (_, j) => `<rect x="${120 + i * 130}" y="${300 + j * 90}" width="70" height="55" fill="#5c7891" stroke="#2f3b45" stroke-width="4"/>`).join('')).join('');
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#d9ecf7"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <rect y="250" width="${W}" height="330" fill="#c9b79c"/>${windows}
    <rect x="930" y="420" width="110" height="160" fill="#3b2f2a"/>
    <rect x="900" y="262" width="170" height="30" fill="#0b5cad"/><text x="985" y="284" font-size="22" font-family="sans-serif" fill="#fff" text-anchor="middle">ARGUS</text>
    <rect y="580" width="${W}" height="444" fill="#7d7d7d"/>
    <rect x="1400" y="560" width="260" height="70" rx="18" fill="#8b1e1e"/><rect x="1420" y="520" width="170" height="50" rx="12" fill="#8b1e1e"/>
    <circle cx="1450" cy="632" r="22" fill="#222"/><circle cx="1610" cy="632" r="22" fill="#222"/>
    <rect x="1495" y="592" width="74" height="18" fill="#f4f4f4" stroke="#111" stroke-width="2"/><text x="1532" y="606" font-size="13" font-family="monospace" text-anchor="middle">M AR 2026</text>
  </svg>`;
  const poster = await sharp(portrait).resize({ width: 300 }).toBuffer();
  return sharp(Buffer.from(scene)).composite([{ input: poster, left: 560, top: 400 }]).jpeg({ quality: 88 }).toBuffer();
}

export async function seedDemoBlurring(db: Db, identities: Record<string, string>): Promise<{ created: boolean }> {
  const ctx = systemContext(db);
  const [demo] = await db.select({ id: mission.id, instructions: mission.blurringInstructions }).from(mission).where(eq(mission.internalReference, DEMO_SCAN_MISSION_REFERENCE));
  if (!demo) return { created: false };
  const prefix = `missions/${demo.id}/uploads/demo-blurring/`;
  const [existing] = await db.select({ id: missionFile.id }).from(missionFile).where(sql`${missionFile.storageKey} like ${`${prefix}%`}`);
  if (existing) return { created: false };

  const portrait = readFileSync(PORTRAIT);
  const files = [
    { filename: 'eingang-besucher.jpg', purpose: 'photo' as const, bytes: portrait },
    { filename: 'hof-panorama.jpg', purpose: 'tour-image' as const, bytes: await demoPanorama(portrait) },
  ];
  const operator = identities['operator@example.com'] ?? null;
  await inTransaction(ctx, async (tx) => {
    if (demo.instructions === null) await tx.db.update(mission).set({ blurringInstructions: INSTRUCTIONS }).where(eq(mission.id, demo.id));
    for (const file of files) {
      const key = `${prefix}${file.filename}`;
      const stored = await ctx.storage.put(key, file.bytes, { contentType: 'image/jpeg' });
      const [row] = await tx.db
        .insert(missionFile)
        .values({ missionId: demo.id, kind: file.purpose, filename: file.filename, storageKey: key, sizeBytes: stored.size, sha256: createHash('sha256').update(file.bytes).digest('hex'), contentType: 'image/jpeg', uploadedBy: operator })
        .returning({ id: missionFile.id });
      await registerImage(tx, { missionId: demo.id, missionFileId: row!.id, purpose: file.purpose, filename: file.filename, uploadedBy: operator });
    }
  });
  return { created: true };
}
