// Loaded with `node --import` into every process of a profiled stack (scripts/profile/run.ts):
// samples the CPU from the start and writes a .cpuprofile when the process gets SIGUSR2.
// (--cpu-prof itself is not allowed in NODE_OPTIONS, and it writes only on a clean exit.)
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.ARGUS_PROFILE_DIR;
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 1000 }, () => session.post('Profiler.start')));

// With ARGUS_PROFILE_SEGMENTS set, every SIGUSR2 writes the samples since the previous one
// (`…-1.cpuprofile`, `…-2…`) and starts afresh: one profile per measured target of a run.
const segments = !!process.env.ARGUS_PROFILE_SEGMENTS;
let written = 0;
process.on('SIGUSR2', () => {
  if ((written > 0 && !segments) || !dir) return;
  const n = ++written;
  session.post('Profiler.stop', (err, result) => {
    if (err) return;
    // next start renames its process; everything else is named by its script.
    const script = process.title.includes('next-server') ? 'next-server' : (process.argv[1] ?? 'node').split('/').pop();
    writeFileSync(join(dir, `${script}-${process.pid}${segments ? `-${n}` : ''}.cpuprofile`), JSON.stringify(result.profile));
    if (segments) session.post('Profiler.start');
  });
});
