/**
 * Job pickup latency (enqueue → handler start; with NOTIFY wake-ups and with polling alone) and
 * throughput of one worker process. lib/server needs the react-server condition, which the
 * bench runner does not set, so the measurement runs in a child process.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const script = join(__dirname, 'lib', 'jobs-measure.ts');
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], {
    env: { ...process.env, BENCH_DATABASE_URL: ctx.databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`jobs bench failed (exit ${code}): ${out.slice(-500)}`);
  return JSON.parse(last) as Record<string, unknown>;
}
