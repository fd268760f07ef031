import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

/*
 * A dataset's error reason and an action's refusal reach the UI as message keys (errorKey,
 * details.key): every key the dataset, conversion and point-cloud code can produce has a text in
 * both languages, so the pipeline never shows a raw key.
 */

const root = join(__dirname, '..', '..', '..');
const sources = ['lib/server/datasets', 'lib/server/conversions', 'lib/server/pointcloud', 'lib/server/processors'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(root, dir, f), 'utf8')),
);

const literalKeys = [...new Set(sources.flatMap((s) => [...s.matchAll(/'(errors\.(?:datasets|pointcloud|processors)\.[a-zA-Z]+)'/g)].map((m) => m[1]!)))];
const pointcloudCodes = (() => {
  const types = readFileSync(join(root, 'lib/server/pointcloud/types.ts'), 'utf8');
  const union = types.slice(types.indexOf('class PointCloudError'), types.indexOf('message: string', types.indexOf('class PointCloudError')));
  return [...union.matchAll(/\| '([a-zA-Z]+)'/g)].map((m) => `errors.pointcloud.${m[1]}`);
})();

const text = (catalogue: object, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], catalogue);

describe('dataset error keys', () => {
  it('finds the keys it checks', () => {
    expect(literalKeys).toEqual(expect.arrayContaining(['errors.datasets.cancelled', 'errors.datasets.noneAvailable']));
    expect(pointcloudCodes).toEqual(expect.arrayContaining(['errors.pointcloud.legacyLazCompressor', 'errors.pointcloud.truncated', 'errors.pointcloud.tooLarge']));
  });

  it.each([...literalKeys, ...pointcloudCodes])('%s has an English and a German text', (key) => {
    expect(typeof text(en, key)).toBe('string');
    expect(typeof text(de, key)).toBe('string');
    expect(text(de, key)).not.toBe(text(en, key));
  });

  it('names the legacy LASzip compressor as the issue asks', () => {
    expect(en.errors.pointcloud.legacyLazCompressor).toBe('LAZ compressed with the legacy LASzip 1.0 point-wise compressor is not supported: recompress it with a current LASzip');
  });
});
