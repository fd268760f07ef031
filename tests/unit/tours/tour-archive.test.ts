/** @jest-environment node */
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { classifyPath } from '@/lib/server/tours/archive/archive-paths';
import { jpegSize } from '@/lib/server/tours/archive/jpeg-size';
import { readCentralDirectory, readEntry, ZipFormatError } from '@/lib/server/tours/archive/zip-reader';
import { zipStream } from '@/lib/server/tours/archive/zip-stream';

describe('paths inside a tour archive', () => {
  it.each([
    ['index.html', 'file'], ['viewer/viewer.js', 'file'], ['panoramas/12/preview.jpg', 'file'], ['panoramas/12/2_3_7.jpg', 'file'], ['panoramas/12/disk.js', 'file'],
    ['panoramas/', 'folder'], ['panoramas/12/', 'folder'],
    ['../x.jpg', 'unsafe'], ['panoramas/../index.html', 'unsafe'], ['/etc/passwd', 'unsafe'], ['C:/x.js', 'unsafe'], ['c:x', 'unsafe'],
    ['a\\b', 'unsafe'], ['panoramas//1/preview.jpg', 'unsafe'], ['./index.html', 'unsafe'], ['index.html\u0000.jpg', 'unsafe'],
    ['run.sh', 'unexpected'], ['panoramas/12/preview.png', 'unexpected'], ['panoramas/x/preview.jpg', 'unexpected'], ['other/', 'unexpected'],
  ])('%s is %s', (name, verdict) => {
    expect(classifyPath(name, 0)).toBe(verdict);
  });

  it('refuses a symbolic link whatever its name', () => {
    expect(classifyPath('viewer/viewer.js', 0o120777)).toBe('unsafe');
    expect(classifyPath('viewer/viewer.js', 0o100644)).toBe('file');
  });
});

describe('JPEG size from the header', () => {
  const header = (width: number, height: number, marker = 0xc0) =>
    Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, marker, 0, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);

  it('reads baseline and progressive frames without decoding, up to what the header can hold', () => {
    expect(jpegSize(header(1024, 512))).toEqual({ width: 1024, height: 512 });
    expect(jpegSize(header(65_535, 32_767, 0xc2))).toEqual({ width: 65_535, height: 32_767 });
  });

  it('is null for what is not a JPEG or has no frame', () => {
    expect(jpegSize(new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(jpegSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(jpegSize(header(0, 512))).toBeNull();
  });
});

describe('the zip written as it is read and read back', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tour-archive-unit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function collect(chunks: AsyncGenerator<Uint8Array>): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return Uint8Array.from(Buffer.concat(parts));
  }

  it('holds every entry, stored or deflated, as streamed in pieces', async () => {
    const zip = await collect(
      zipStream([
        { name: 'index.html', compress: true, data: () => [Buffer.from('<!doctype html>'), Buffer.from('<title>x</title>')] },
        { name: 'panoramas/1/preview.jpg', compress: false, data: async function* () { yield Uint8Array.from([0xff, 0xd8]); yield Uint8Array.from([0xff, 0xd9]); } },
      ]),
    );
    const files = unzipSync(zip);
    expect(new TextDecoder().decode(files['index.html'])).toBe('<!doctype html><title>x</title>');
    expect([...files['panoramas/1/preview.jpg']!]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    const file = path.join(dir, 'streamed.zip');
    await writeFile(file, zip);
    const handle = await open(file, 'r');
    try {
      const entries = await readCentralDirectory(handle, zip.length, 10);
      expect(entries.map((e) => [e.name, e.method])).toEqual([['index.html', 8], ['panoramas/1/preview.jpg', 0]]);
      expect((await readEntry(handle, zip.length, entries[0]!)).toString()).toBe('<!doctype html><title>x</title>');
    } finally {
      await handle.close();
    }
  });

  it('stops inflating a bomb whose directory understates it, before it is unpacked', async () => {
    const zip = zipSync({ 'panoramas/1/preview.jpg': new Uint8Array(30 * 1024 ** 2) });
    const view = Buffer.from(zip);
    // The sizes the directory and the local header declare: 1000 bytes instead of 30 MiB.
    const central = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    view.writeUInt32LE(1000, central + 24);
    view.writeUInt32LE(1000, 22);
    const file = path.join(dir, 'bomb.zip');
    await writeFile(file, view);
    const handle = await open(file, 'r');
    try {
      const [entry] = await readCentralDirectory(handle, view.length, 10);
      expect(entry!.size).toBe(1000);
      const read = readEntry(handle, view.length, entry!);
      await expect(read).rejects.toBeInstanceOf(ZipFormatError);
      await expect(read).rejects.toMatchObject({ key: 'tours.import.tooLarge' });
    } finally {
      await handle.close();
    }
  });

  it('refuses more entries than allowed from the directory alone', async () => {
    const zip = zipSync(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`panoramas/${i + 1}/preview.jpg`, new Uint8Array(1)])));
    const file = path.join(dir, 'many.zip');
    await writeFile(file, zip);
    const handle = await open(file, 'r');
    try {
      await expect(readCentralDirectory(handle, zip.length, 10)).rejects.toMatchObject({ key: 'tours.import.tooManyEntries' });
    } finally {
      await handle.close();
    }
  });
});
