import { execFileSync } from 'node:child_process';

/**
 * Asks every process of the stack started with ARGUS_PROFILE_DIR=`out` to write its CPU profile
 * (cpu-profile-hook.mjs listens for SIGUSR2) and gives them time to do it. Only the stack's
 * processes carry the hook; this one ignores the signal.
 */
export async function collectProfiles(out: string): Promise<void> {
  process.on('SIGUSR2', () => {});
  execFileSync('/bin/sh', ['-c', `for p in /proc/[0-9]*; do grep -qa ARGUS_PROFILE_DIR=${out} $p/environ 2>/dev/null && kill -USR2 \${p#/proc/}; done; true`]);
  await new Promise((done) => setTimeout(done, 3000));
}
