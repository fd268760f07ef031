import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** The admin API's bearer token every test instance gets (unless a test passes its own). */
export const TEST_ADMIN_TOKEN = 'integration-admin-token-0123456789';
/** Headers for a raw admin API call. */
export const adminHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({ Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, ...extra });

export interface IdentityProcess {
  publicUrl: string;
  adminUrl: string;
  /** Public base URL with the trailing slash (as Kratos' serve.public.base_url). */
  baseUrl: string;
  logs: string[];
  /** Resolves with the log so far once it matches `pattern` (output arrives asynchronously). */
  waitForLog(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

/** Starts `node --import tsx identity/server.ts` on free loopback ports and waits for /health/ready. */
export async function startIdentity(env: Record<string, string> = {}): Promise<IdentityProcess> {
  const publicPort = await freePort();
  const adminPort = await freePort();
  const baseUrl = `http://127.0.0.1:${publicPort}/`;
  const root = join(__dirname, '..', '..', '..', '..');
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'identity/server.ts'], {
    cwd: root,
    env: {
      NODE_ENV: 'test',
      PATH: process.env.PATH ?? '',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      IDENTITY_BASE_URL: baseUrl,
      IDENTITY_PUBLIC_PORT: String(publicPort),
      IDENTITY_ADMIN_PORT: String(adminPort),
      IDENTITY_ARGON2_MEMORY_KIB: '8192',
      IDENTITY_RATE_LIMIT_IDENTIFIER: '1000/60',
      IDENTITY_RATE_LIMIT_ADDRESS: '100000/60',
      // Tests never reach the internet; breached.test.ts checks the range API against a local one.
      IDENTITY_HIBP_ENABLED: 'false',
      KRATOS_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logged = new EventEmitter();
  const onData = (d: Buffer) => {
    logs.push(d.toString());
    logged.emit('data');
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`identity exited early:\n${logs.join('')}`);
    try {
      const r = await fetch(`${adminUrl}/health/ready`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`identity did not become ready:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    publicUrl: `http://127.0.0.1:${publicPort}`,
    adminUrl,
    baseUrl,
    logs,
    waitForLog(pattern) {
      return new Promise((resolve) => {
        const check = () => {
          if (!pattern.test(logs.join(''))) return;
          logged.off('data', check);
          resolve(logs.join(''));
        };
        logged.on('data', check);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
