/** @jest-environment node */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { classifyEntryPath, parseManifest, RECORD_PATHS, VERSION_1_SETS, VERSION_3_SETS } from '@/lib/server/missions/backup/manifest';
import { readBackupArchive } from '@/lib/server/missions/backup/read-archive';
import { recordEntries } from '@/lib/server/missions/backup/write-archive';
import { createFsStorage } from '@/lib/server/storage/fs-driver';
import type { Storage } from '@/lib/server/storage/types';

const AT = new Date('2026-03-04T10:05:00.000Z');
const missionRecord = {
  id: 42, name: 'Aufmaß Teststraße 1', companyId: 3, customerId: 6, subCustomerId: null, internalReference: 'HVN-1', customerReference: null,
  orderConfirmationNumber: null, ownerId: null, assigneeId: null, priority: 'normal', status: 'in_progress', pipelineStatus: 'not_started',
  step: 'scan', ready: false, approved: false, cloudOnline: false, address: 'Teststraße 1, München', latitude: 48.1, longitude: 11.5,
  products: ['pointcloud'], additionalProducts: [], scanAppointment: null, startFromOffice: null, createdBy: null, deliveredOn: null,
  deliveryDate: '2026-04-01', pclDeliveryDate: null, cadDeliveryDate: null, externalDeliveryDate: null, externalMissionStatus: null,
  externalOrderReference: null, description: 'Bestand', pclTeamDescription: null, scanOperatorNotes: null, blurringInstructions: null,
  closed: false, hidden: false, onHold: false, backupState: 'running', backedUpAt: null, cloudSyncState: 'unsynced', cloudSyncedAt: null,
  createdAt: AT.toISOString(), updatedAt: AT.toISOString(), version: 3,
};
const building = {
  id: 7, missionId: 42, name: 'Haus', type: 'building',
  footprint: { type: 'Polygon', coordinates: [[[11.5, 48.1], [11.5001, 48.1], [11.5001, 48.1001], [11.5, 48.1]]] },
  groundArea: 40, facadeArea: 120, perimeter: 40, levels: 1, storeyHeight: 3, createdAt: AT.toISOString(), updatedAt: AT.toISOString(), version: 1,
};
const FILE = Buffer.from('scan bytes');
const VERSION_3_PATHS: string[] = VERSION_3_SETS.map((set) => RECORD_PATHS[set]);
const VERSION_2_PATHS: string[] = Object.entries(RECORD_PATHS).filter(([set]) => !VERSION_1_SETS.includes(set as never)).map(([, path]) => path);
const distance = { id: 5, missionId: 42, kind: 'distance', name: 'Traufe', visible: true, points: [[1, 2, 3], [4, 6, 3]], data: {}, createdBy: null, createdAt: AT.toISOString(), updatedAt: AT.toISOString(), version: 2 };
const slicePng = { id: 9, missionId: 42, measurementId: null, name: 'Schnitt', scale: 50, dpi: 150, widthPx: 10, heightPx: 10, storageKey: 'missions/42/rendered-slices/a.png', sizeBytes: 10, sha256: 'a'.repeat(64), createdBy: null, createdAt: AT.toISOString() };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Entry {
  name: string;
  body: Buffer;
  type?: 'file' | 'symlink' | 'directory';
}

/** A valid archive's entries (manifest first), for the tests to tamper with. */
function validEntries(over: { mission?: object; file?: Buffer; content?: Record<string, object[]> } = {}): Entry[] {
  const content = { measurements: [], renderedSlices: [], tours: [], tourImages: [], tourPanoramas: [], missionFiles: [], missionImages: [], missionBlurring: [], panelizerProjects: [], panelizerExports: [], ...over.content };
  const records = { mission: over.mission ?? missionRecord, buildings: [building], tags: [], shares: [], datasets: [], auditEvents: [], ...content };
  const files = [{ key: 'missions/42/datasets/a.bin', relativeKey: 'datasets/a.bin', size: FILE.length, sha256: sha(FILE), contentType: 'application/octet-stream' }];
  const { manifest, records: recordFiles } = recordEntries({ missionId: 42, createdAt: AT, createdBy: null, records: records as never, files });
  return [{ name: 'manifest.json', body: manifest }, ...recordFiles.map((r) => ({ name: r.path, body: r.bytes })), { name: 'files/datasets/a.bin', body: over.file ?? FILE }];
}

async function pack(entries: Entry[]): Promise<Buffer> {
  const p = tar.pack();
  for (const e of entries) {
    if (e.type === 'symlink') p.entry({ name: e.name, type: 'symlink', linkname: '/etc/passwd' });
    else p.entry({ name: e.name, size: e.body.length, type: e.type ?? 'file' }, e.body);
  }
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

let dir: string;
let storage: Storage;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'argus-backup-unit-'));
  storage = createFsStorage(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = async (archive: Buffer) => readBackupArchive(Readable.from([archive]), { storage, scratchPrefix: 'tmp/restores/test/' });
const reasonOf = async (archive: Buffer) => {
  try {
    await read(archive);
    return 'accepted';
  } catch (err) {
    return (err as { details?: { reason?: string } }).details?.reason ?? `unexpected: ${(err as Error).message}`;
  }
};
const replace = (entries: Entry[], name: string, body: Buffer) => entries.map((e) => (e.name === name ? { ...e, body } : e));
const manifestOf = (entries: Entry[]) => JSON.parse(entries[0]!.body.toString()) as { entries: { path: string; sha256: string; size: number }[]; [k: string]: unknown };
const withManifest = (entries: Entry[], edit: (m: ReturnType<typeof manifestOf>) => unknown) => {
  const m = manifestOf(entries);
  const edited = edit(m) ?? m;
  return [{ name: 'manifest.json', body: Buffer.from(JSON.stringify(edited)) }, ...entries.slice(1)];
};

describe('archive entry paths', () => {
  it.each(['manifest.json', 'records/mission.json', 'records/audit-events.json', 'files/datasets/7/raw scan.laz'])('accepts %s', (path) => {
    expect(() => classifyEntryPath(path)).not.toThrow();
  });

  it.each([
    '../manifest.json', 'files/../../etc/passwd', 'files/./a', '/etc/passwd', 'files//a', 'files/a\\..\\b', 'C:/windows', 'files/a:b',
    'records/other.json', 'records/mission.json/x', 'files/', 'notes.txt', 'files/e\u0301t\u00e9', 'files/a\u0000b',
  ])('refuses %j', (path) => {
    expect(() => classifyEntryPath(path)).toThrow(expect.objectContaining({ code: 'unprocessable', details: expect.objectContaining({ reason: 'path' }) }));
  });
});

describe('manifest validation', () => {
  const good = () => manifestOf(validEntries());
  const parse = (m: unknown) => parseManifest(Buffer.from(JSON.stringify(m)));
  const reason = (m: unknown) => {
    try {
      parse(m);
      return 'accepted';
    } catch (err) {
      return (err as { details: { reason: string } }).details.reason;
    }
  };

  it('accepts what the writer produces and lists every record set', () => {
    const m = parse(good());
    expect(m.missionId).toBe(42);
    expect(m.entries.map((e) => e.path)).toEqual([...Object.values(RECORD_PATHS), 'files/datasets/a.bin']);
  });

  it('refuses another format, another version, and bytes that are not JSON', () => {
    expect(reason({ ...good(), format: 'something-else' })).toBe('format');
    expect(reason({ ...good(), formatVersion: 4 })).toBe('version');
    expect(reason({ ...good(), formatVersion: '1' })).toBe('version');
    expect(() => parseManifest(Buffer.from('{not json'))).toThrow(expect.objectContaining({ details: expect.objectContaining({ reason: 'manifest' }) }));
  });

  it('still reads format version 1, which has no viewer or tour records, and refuses them in it', () => {
    const m = good();
    const version1 = m.entries.filter((e) => !VERSION_2_PATHS.includes(e.path));
    expect(reason({ ...m, formatVersion: 1, entries: version1 })).toBe('accepted');
    expect(reason({ ...m, formatVersion: 1 })).toBe('manifest');
    expect(reason({ ...m, entries: version1 })).toBe('manifest');
  });

  it('still reads format version 2, which has no blurring or panelizer records, and refuses them in it', () => {
    const m = good();
    const version2 = m.entries.filter((e) => !VERSION_3_PATHS.includes(e.path));
    expect(VERSION_3_PATHS).toEqual(['records/mission-files.json', 'records/mission-images.json', 'records/mission-blurring.json', 'records/panelizer-projects.json', 'records/panelizer-exports.json']);
    expect(reason({ ...m, formatVersion: 2, entries: version2 })).toBe('accepted');
    expect(reason({ ...m, formatVersion: 2 })).toBe('manifest');
    expect(reason({ ...m, entries: version2 })).toBe('manifest');
  });

  it('refuses missing record sets, duplicates, traversal, bad checksums and unknown fields', () => {
    const m = good();
    expect(reason({ ...m, entries: m.entries.filter((e) => e.path !== 'records/shares.json') })).toBe('manifest');
    expect(reason({ ...m, entries: [...m.entries, m.entries[0]] })).toBe('manifest');
    expect(reason({ ...m, entries: [...m.entries, { path: 'files/../../x', sha256: 'a'.repeat(64), size: 1 }] })).toBe('manifest');
    expect(reason({ ...m, entries: [{ ...m.entries[0], sha256: 'XYZ' }, ...m.entries.slice(1)] })).toBe('manifest');
    expect(reason({ ...m, entries: [{ ...m.entries[0], size: -1 }, ...m.entries.slice(1)] })).toBe('manifest');
    expect(reason({ ...m, surprise: true })).toBe('manifest');
    expect(reason({ ...m, missionId: 'x' })).toBe('manifest');
  });
});

describe('reading an archive', () => {
  it('reads a valid archive: manifest, parsed records with Dates, the file staged under the scratch prefix', async () => {
    const archive = await read(await pack(validEntries()));
    expect(archive.manifest.missionId).toBe(42);
    expect(archive.records.mission.createdAt).toEqual(AT);
    expect(archive.records.buildings).toHaveLength(1);
    expect(archive.files).toEqual([{ relativeKey: 'datasets/a.bin', stagedKey: 'tmp/restores/test/datasets/a.bin', contentType: 'application/octet-stream', size: FILE.length }]);
    expect((await storage.head('tmp/restores/test/datasets/a.bin'))?.sha256).toBe(sha(FILE));
  });

  it('reads the viewer items and rendered slices, and refuses ones that break their kind or leave the mission', async () => {
    const archive = await read(await pack(validEntries({ content: { measurements: [distance], renderedSlices: [slicePng] } })));
    expect(archive.records.measurements).toEqual([{ ...distance, createdAt: AT, updatedAt: AT }]);
    expect(archive.records.renderedSlices).toEqual([{ ...slicePng, createdAt: AT }]);
    // A distance needs two points at least.
    expect(await reasonOf(await pack(validEntries({ content: { measurements: [{ ...distance, points: [[1, 2, 3]] }] } })))).toBe('record');
    expect(await reasonOf(await pack(validEntries({ content: { measurements: [{ ...distance, missionId: 43 }] } })))).toBe('record');
    expect(await reasonOf(await pack(validEntries({ content: { renderedSlices: [{ ...slicePng, storageKey: 'missions/43/rendered-slices/a.png' }] } })))).toBe('record');
    expect(await reasonOf(await pack(validEntries({ content: { renderedSlices: [{ ...slicePng, measurementId: 77 }] } })))).toBe('record');
  });

  it('refuses a record whose bytes do not match the manifest checksum', async () => {
    const entries = validEntries();
    const tampered = Buffer.from(entries[1]!.body.toString().replace('Aufmaß', 'Aufmass'));
    expect(await reasonOf(await pack(replace(entries, RECORD_PATHS.mission, tampered)))).toBe('checksum');
  });

  it('refuses a file whose bytes do not match, and stores nothing of it', async () => {
    const entries = validEntries();
    expect(await reasonOf(await pack(replace(entries, 'files/datasets/a.bin', Buffer.from('scan bytez'))))).toBe('checksum');
    expect(await storage.head('tmp/restores/test/datasets/a.bin')).toBeNull();
  });

  it('refuses another format version', async () => {
    expect(await reasonOf(await pack(withManifest(validEntries(), (m) => ({ ...m, formatVersion: 99 }))))).toBe('version');
  });

  it('refuses traversal, special entries, unlisted and repeated entries', async () => {
    const entries = validEntries();
    expect(await reasonOf(await pack([...entries, { name: '../../etc/cron.d/x', body: Buffer.from('x') }]))).toBe('path');
    expect(await reasonOf(await pack([...entries, { name: 'files/datasets/link', body: Buffer.alloc(0), type: 'symlink' }]))).toBe('path');
    expect(await reasonOf(await pack([...entries, { name: 'files/extra.bin', body: Buffer.from('x') }]))).toBe('path');
    expect(await reasonOf(await pack([...entries, entries[2]!]))).toBe('path');
    // Listed in the manifest with a traversal path: the manifest itself is refused.
    const listed = withManifest(entries, (m) => void m.entries.push({ path: 'files/../../x', sha256: sha(FILE), size: FILE.length }));
    expect(await reasonOf(await pack(listed))).toBe('manifest');
  });

  it('refuses an archive that does not start with the manifest, lacks a listed entry, or is not a tar.gz', async () => {
    const entries = validEntries();
    expect(await reasonOf(await pack([entries[1]!, entries[0]!, ...entries.slice(2)]))).toBe('manifest');
    expect(await reasonOf(await pack(entries.slice(0, -1)))).toBe('manifest');
    expect(await reasonOf(Buffer.from('PK\u0003\u0004 this is a zip, not a tar.gz'))).toBe('format');
    expect(await reasonOf((await pack(entries)).subarray(0, 200))).toBe('format');
  });

  it('refuses records that break their schema or belong to another mission', async () => {
    expect(await reasonOf(await pack(validEntries({ mission: { ...missionRecord, status: 'teleported' } })))).toBe('record');
    expect(await reasonOf(await pack(validEntries({ mission: { ...missionRecord, name: 'ab' } })))).toBe('record');
    const { version: _v, ...withoutVersion } = missionRecord;
    void _v;
    expect(await reasonOf(await pack(validEntries({ mission: withoutVersion })))).toBe('record');
    expect(await reasonOf(await pack(validEntries({ mission: { ...missionRecord, id: 43 } })))).toBe('record');
  });

  describe('limits (bounded input: 413 before anything is buffered)', () => {
    const limitOf = async (archive: Buffer, limits: Parameters<typeof readBackupArchive>[1]['limits'] = {}) => {
      try {
        await readBackupArchive(Readable.from([archive]), { storage, scratchPrefix: 'tmp/restores/test/', limits });
        return 'accepted';
      } catch (err) {
        const e = err as { code?: string; details?: { limit?: string; reason?: string } };
        return `${e.code}:${e.details?.limit ?? e.details?.reason}`;
      }
    };
    /** Replaces a record file with `body` and lists its true size and checksum, so only the limit is wrong. */
    const withRecord = (name: string, body: Buffer) =>
      withManifest(replace(validEntries(), name, body), (m) => {
        m.entries = m.entries.map((e) => (e.path === name ? { ...e, size: body.length, sha256: sha(body) } : e));
      });

    it('refuses an archive that expands past the ratio (a compression bomb), listed sizes and checksums right', async () => {
      const bomb = Buffer.alloc(4 * 1024 * 1024, 0x20); // spaces: valid JSON whitespace, compresses ~1000x
      const archive = await pack(withRecord('records/tags.json', Buffer.concat([Buffer.from('['), bomb, Buffer.from(']')])));
      expect(archive.length).toBeLessThan(16 * 1024);
      expect(await limitOf(archive, { ratioGraceBytes: 1024 * 1024 })).toBe('payload_too_large:expansionRatio');
      // The same archive under a generous ratio is fine: the ratio alone refused it.
      expect(await limitOf(archive, { ratioGraceBytes: 1024 * 1024, expansionRatio: 100_000 })).toBe('accepted');
    });

    it('refuses bytes beyond what the manifest declares', async () => {
      const entries = validEntries();
      // A trailing unlisted stretch of zeros after the archive's end: more than the declared sizes plus framing.
      const archive = gzipSync(Buffer.concat([gunzipSync(await pack(entries)), Buffer.alloc(2 * 1024 * 1024)]));
      expect(await limitOf(archive)).toBe('payload_too_large:unpackedBytes');
    });

    it('refuses too many records, too deep nesting, too long strings and too many record bytes', async () => {
      const tags = (n: number) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `t${i}`, color: null }))));
      expect(await limitOf(await pack(withRecord('records/tags.json', tags(11))), { recordsPerSet: 10 })).toBe('payload_too_large:recordsPerSet');
      expect(await limitOf(await pack(withRecord('records/tags.json', tags(10))), { recordsPerSet: 10 })).toBe('accepted');
      const deep = Buffer.from(`[${'['.repeat(40)}${']'.repeat(40)}]`);
      expect(await limitOf(await pack(withRecord('records/tags.json', deep)))).toBe('payload_too_large:recordDepth');
      const long = Buffer.from(JSON.stringify([{ id: 1, name: 'x'.repeat(70 * 1024), color: null }]));
      expect(await limitOf(await pack(withRecord('records/tags.json', long)))).toBe('payload_too_large:recordStringLength');
      expect(await limitOf(await pack(withRecord('records/tags.json', tags(2000))), { recordBytes: 16 * 1024 })).toBe('payload_too_large:recordBytes');
    });

    it('refuses a record holding a NUL or a lone surrogate, naming the field', async () => {
      const nul = Buffer.from(JSON.stringify({ ...missionRecord, description: 'a\u0000b' }));
      await expect(read(await pack(withRecord('records/mission.json', nul)))).rejects.toMatchObject({ code: 'unprocessable', details: { reason: 'record', field: 'description' } });
      const lone = Buffer.from(JSON.stringify([{ ...building, name: '\ud800' }]));
      await expect(read(await pack(withRecord('records/buildings.json', lone)))).rejects.toMatchObject({ code: 'unprocessable', details: { reason: 'record', field: '[0].name' } });
    });
  });
});
