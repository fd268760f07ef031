import { spawn } from 'node:child_process';
import { join } from 'node:path';
import identityService from '../../../scripts/services/identity';
import { parseEnv } from '../../../lib/server/env-schema';
import { freePort } from './support/server';

const root = join(__dirname, '..', '..', '..');

describe('scripts/services/identity', () => {
  it('is not started when a real Kratos is configured', () => {
    const env = parseEnv({ KRATOS_PUBLIC_URL: 'https://kratos.example.com', KRATOS_ADMIN_URL: 'https://kratos-admin.example.com' });
    expect(identityService({ env, childEnv: { NODE_ENV: 'test' }, appOrigin: 'http://localhost:3000', dev: false, root })).toBeNull();
  });

  it('starts the embedded service with the app origin as base URL and answers on its ready URL', async () => {
    const [publicPort, adminPort] = [await freePort(), await freePort()];
    const env = parseEnv({ IDENTITY_PUBLIC_PORT: String(publicPort), IDENTITY_ADMIN_PORT: String(adminPort), KRATOS_ADMIN_TOKEN: 'service-test-admin-token' });
    const spec = identityService({ env, childEnv: { NODE_ENV: 'test', PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL }, appOrigin: 'http://localhost:3999', dev: true, root });
    expect(spec).toMatchObject({ name: 'identity', order: 20, readyUrl: `http://127.0.0.1:${adminPort}/health/ready` });
    expect(spec?.env).toMatchObject({ IDENTITY_BASE_URL: 'http://localhost:3999/', IDENTITY_DEV: 'true', KRATOS_ADMIN_TOKEN: 'service-test-admin-token' });
    const child = spawn(spec?.command ?? '', spec?.args ?? [], { cwd: root, env: spec?.env, stdio: 'ignore' });
    try {
      let ready = false;
      for (let i = 0; i < 200 && !ready; i++) {
        ready = await fetch(spec?.readyUrl ?? '').then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(true);
      const flow = await fetch(`http://127.0.0.1:${publicPort}/self-service/login/browser`, { headers: { Accept: 'application/json' } });
      const body = (await flow.json()) as { ui: { action: string } };
      expect(body.ui.action.startsWith('http://localhost:3999/self-service/login?flow=')).toBe(true);
      // Dev mode and http://localhost: cookies without Secure.
      expect(flow.headers.getSetCookie().join('\n')).not.toContain('Secure');
      expect((await fetch(`http://127.0.0.1:${adminPort}/admin/identities`)).status).toBe(401);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
