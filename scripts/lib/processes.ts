import { spawn, type ChildProcess } from 'node:child_process';
import { pipeLines, prefixed } from './log';
import type { ServiceSpec } from './service';

export interface Running {
  spec: ServiceSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts a service with its output prefixed by its name. */
export function startService(spec: ServiceSpec, index: number, cwd: string, baseEnv: NodeJS.ProcessEnv): Running {
  const log = prefixed(spec.name, index);
  const child = spawn(spec.command, spec.args, { cwd, env: { ...baseEnv, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  pipeLines(child.stdout, log);
  pipeLines(child.stderr, log);
  const exited = new Promise<number | null>((done) => child.once('exit', (code, signal) => done(signal ? null : code)));
  return { spec, child, exited };
}

/** Waits until `url` answers with a status below 500, or the process dies, or time runs out. */
export async function waitReady(running: Running, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void running.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${running.spec.name} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${running.spec.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** Runs a command to completion with prefixed output; rejects on a non-zero exit. */
export function runToCompletion(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; index?: number }): Promise<void> {
  const running = startService({ name, command, args }, options.index ?? 7, options.cwd, options.env);
  return running.exited.then((code) => {
    if (code !== 0) throw new Error(`${name} failed (exit code ${code})`);
  });
}

/** SIGTERM to every child, SIGKILL after a grace period; resolves when all have exited. */
export async function stopAll(services: Running[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    [...services].reverse().map(async ({ child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
