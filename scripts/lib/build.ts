import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What `next build` reads, and the scripts that write its generated assets (the missions benchmark builds a copy of exactly these). */
export const BUILD_SOURCES = ['app', 'components', 'lib', 'messages', 'public', 'next.config.mjs', 'scripts/build', 'scripts/copy-assets.mjs', 'scripts/basemap.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'instrumentation.ts', 'instrumentation-client.ts'];
const SKIP = new Set(['node_modules', '.next', 'migrations']);

function* files(root: string, path: string): Generator<string> {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) return yield path;
  for (const entry of readdirSync(full).sort()) {
    if (!SKIP.has(entry)) yield* files(root, join(path, entry));
  }
}

/** A content hash of everything `next build` reads; a different hash means the build is stale. */
export function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const source of BUILD_SOURCES) {
    for (const file of files(root, source)) {
      if (file === join('public', 'maplibre-gl-worker.mjs')) continue; // copied in by the build itself
      hash.update(relative(root, join(root, file))).update('\0').update(readFileSync(join(root, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

const stampFile = (root: string) => join(root, '.next', 'argus-source-fingerprint');

export function buildIsCurrent(root: string): boolean {
  const stamp = stampFile(root);
  return existsSync(join(root, '.next', 'BUILD_ID')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceFingerprint(root);
}

export function recordBuild(root: string): void {
  writeFileSync(stampFile(root), sourceFingerprint(root));
}
