/**
 * Identity service figures: password login round trip (native API flow: create + submit) and
 * whoami, p50/p95 in ms at 1 and 10 concurrent clients. Starts the service on free ports.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../lib/database';
import { percentile } from './stats';

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measure(concurrency: number, iterations: number, op: () => Promise<void>): Promise<{ p50: number; p95: number; n: number }> {
  const samples: number[] = [];
  let left = iterations;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        await op();
        samples.push(performance.now() - t);
      }
    }),
  );
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

export default async function run(ctx: { databaseUrl: string }): Promise<Record<string, unknown>> {
  const [publicPort, adminPort] = [await freePort(), await freePort()];
  const pub = `http://127.0.0.1:${publicPort}`;
  const adm = `http://127.0.0.1:${adminPort}`;
  const adminToken = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, ['--import', 'tsx', 'identity/server.ts'], {
    cwd: join(__dirname, '..', '..'),
    env: {
      ...process.env,
      DATABASE_URL: ctx.databaseUrl,
      IDENTITY_BASE_URL: `${pub}/`,
      IDENTITY_PUBLIC_PORT: String(publicPort),
      IDENTITY_ADMIN_PORT: String(adminPort),
      IDENTITY_RATE_LIMIT_IDENTIFIER: '0',
      IDENTITY_RATE_LIMIT_ADDRESS: '0',
      IDENTITY_HIBP_ENABLED: 'false',
      KRATOS_ADMIN_TOKEN: adminToken,
    },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${adm}/health/ready`)).ok) break;
      } catch {
        // starting
      }
      if (i > 200) throw new Error('identity service did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const email = `bench-${Date.now()}@example.com`;
    const password = 'Bench-Password-Long-2026';
    await json(
      await fetch(`${adm}/admin/identities`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ schema_id: 'default', traits: { email }, credentials: { password: { config: { password } } } }),
      }),
    );
    let token = '';
    const login = async () => {
      const flow = await json<{ id: string }>(await fetch(`${pub}/self-service/login/api`, { headers: { Accept: 'application/json' } }));
      const done = await json<{ session_token: string }>(
        await fetch(`${pub}/self-service/login?flow=${flow.id}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ method: 'password', identifier: email, password }),
        }),
      );
      token = done.session_token;
    };
    const whoami = async () => {
      await json(await fetch(`${pub}/sessions/whoami`, { headers: { 'X-Session-Token': token } }));
    };
    await login(); // warm-up (also the argon2 dummy hash)
    return {
      argon2: 'argon2id m=131072 KiB t=1 p=2 (Kratos defaults of kratos.example.yml)',
      login_1: await measure(1, 20, login),
      login_10: await measure(10, 60, login),
      whoami_1: await measure(1, 200, whoami),
      whoami_10: await measure(10, 1000, whoami),
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}
