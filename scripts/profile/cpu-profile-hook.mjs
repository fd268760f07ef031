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

let written = false;
process.on('SIGUSR2', () => {
  if (written || !dir) return;
  written = true;
  session.post('Profiler.stop', (err, result) => {
    if (err) return;
    // next start renames its process; everything else is named by its script.
    const script = process.title.includes('next-server') ? 'next-server' : (process.argv[1] ?? 'node').split('/').pop();
    writeFileSync(join(dir, `${script}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
