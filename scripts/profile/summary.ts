/**
 * `npx tsx scripts/profile/summary.ts <file.cpuprofile> [top]`: where a process spent its CPU —
 * self time by package (node_modules package, app chunk or Node internal) and by function.
 */
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: Frame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: summary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));

function packageOf(url: string, name: string): string {
  if (!url) return name;
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/dist\/compiled\/([^/]+))?/);
  if (nm) return nm[2] ? `${nm[1]}/compiled/${nm[2]}` : nm[1]!;
  return url.replace(/^.*\/\.next\//, '.next/').replace(/\/[^/]*$/, '');
}

const parents = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
const name = (f: Frame) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '')}:${f.lineNumber + 1}`;
const byPackage = new Map<string, number>();
/** Time with each function on the stack (inclusive): where a request's phases spend their time. */
const inclusive = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const f = frames.get(id)!;
  total += dt;
  const pkg = packageOf(f.url, f.functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
  const fn = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '')}:${f.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  const seen = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) seen.add(name(frames.get(node)!));
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
});

const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
show('self time by package', byPackage);
show('self time by function', byFunction);
show('total time by function (itself and what it calls)', inclusive);
