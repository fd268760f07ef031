import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Issue 16 "Measure": the viewer route's first load stays small because the 3D engine (three,
 * r3f, potree-core) is imported only by components/viewer/engine, which the page loads with a
 * dynamic import after it painted. A static import of either from the page's own modules would
 * put the engine into the route's first load.
 */
const dir = join(__dirname, '..', '..', '..', 'components', 'viewer');
const pageModules = readdirSync(dir).filter((f) => /\.tsx?$/.test(f));

describe('the viewer page keeps the 3D engine out of its first load', () => {
  it('finds the page modules', () => {
    expect(pageModules).toEqual(expect.arrayContaining(['viewer-page.tsx', 'viewer-workspace.tsx']));
  });

  it.each(pageModules)('%s imports no engine module at load time', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const staticImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
    expect(staticImports.filter((s) => /^(three|potree-core|@react-three\/)/.test(s) || s.startsWith('./engine/'))).toEqual([]);
  });
});
