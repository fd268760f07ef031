import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/*
 * Issue 20 (Lighthouse, first-load JS ≤ 150 kB gzip): what the browser loads with the mission
 * list and the mission detail. zod (about 28 kB gzip) is for sending a form, and loads when one
 * is sent (`await import(…)` of its schema); nothing the client components of these pages import
 * statically may reach it. Type-only imports and dynamic imports do not count: the bundler
 * leaves them out of the page's chunks.
 */

const root = join(__dirname, '..', '..', '..');

/** The client components of the shell, the mission lists and the mission detail. */
const ENTRIES = ['components/shell', 'components/platform', 'components/missions/list', 'components/missions/detail', 'components/missions/uploads', 'components/tours/tours-section.tsx'];

function files(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

const isClient = (file: string) => /^['"]use client['"]/m.test(readFileSync(join(root, file), 'utf8'));

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? join(root, spec.slice(2)) : spec.startsWith('.') ? join(root, dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return null;
}

/** Packages and modules a file imports for their values (static `import … from` and `export … from`). */
function valueImports(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    const [, typeOnly, what, spec] = m;
    // `import { type A, type B } from …` is erased too.
    const names = what!.replace(/^\{|\}$/g, '').split(',').map((s) => s.trim()).filter(Boolean);
    if (typeOnly || (what!.startsWith('{') && names.every((n) => n.startsWith('type ')))) continue;
    out.push(spec!);
  }
  return out;
}

/** The chain of static value imports from `start` to a module importing `pkg`, or null. */
function pathTo(start: string, pkg: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const spec of valueImports(file)) {
      if (spec === pkg || spec.startsWith(`${pkg}/`)) return [...chain, file, pkg];
      const next = resolve(file, spec);
      const found = next && /\.tsx?$/.test(next) ? walk(next, [...chain, file]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

describe('first-load imports of the mission pages', () => {
  const clients = ENTRIES.flatMap(files).filter((f) => /\.tsx?$/.test(f) && isClient(f));

  it('finds the client components it checks', () => {
    expect(clients).toEqual(expect.arrayContaining(['components/missions/detail/confirmation-panel.tsx', 'components/tours/tours-section.tsx', 'components/missions/list/mission-table.tsx']));
  });

  it('no client component reaches zod through a static import', () => {
    const reached = clients.map((file) => pathTo(file, 'zod')).filter(Boolean);
    expect(reached).toEqual([]);
  });
});
