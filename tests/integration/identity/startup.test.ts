import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { adminHeaders, startIdentity } from './support/server';

/** A database URL for a fresh database next to the test database. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL ?? '');
  const name = `identity_start_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe('start-up', () => {
  it('two instances starting at once on an empty database migrate once and both serve', async () => {
    const db = await freshDatabase();
    try {
      const [a, b] = await Promise.all([startIdentity({ DATABASE_URL: db.url }), startIdentity({ DATABASE_URL: db.url })]);
      try {
        const c = new Client({ connectionString: db.url });
        await c.connect();
        const r = await c.query('SELECT name FROM identity.schema_migrations');
        await c.end();
        // Every migration file applied exactly once.
        const files = readdirSync(join(__dirname, '..', '..', '..', 'identity', 'db', 'migrations')).filter((f) => f.endsWith('.sql')).sort();
        expect(r.rows.map((x: { name: string }) => x.name).sort()).toEqual(files);
        for (const p of [a, b]) {
          expect((await fetch(`${p.publicUrl}/health/alive`)).status).toBe(200);
          expect(await (await fetch(`${p.publicUrl}/health/ready`)).json()).toEqual({ status: 'ok' });
        }
        // Both instances share the generated cookie secret: a session made on one works on the other.
        const email = `twin-${Date.now()}@example.com`;
        await fetch(`${a.adminUrl}/admin/identities`, {
          method: 'POST',
          headers: adminHeaders({ 'Content-Type': 'application/json' }),
          body: JSON.stringify({ schema_id: 'default', traits: { email }, credentials: { password: { config: { password: 'Twin-Password-2026' } } } }),
        });
        const flow = (await (await fetch(`${a.publicUrl}/self-service/login/api`)).json()) as { id: string };
        const login = (await (
          await fetch(`${a.publicUrl}/self-service/login?flow=${flow.id}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ method: 'password', identifier: email, password: 'Twin-Password-2026' }),
          })
        ).json()) as { session_token: string };
        expect((await fetch(`${b.publicUrl}/sessions/whoami`, { headers: { 'X-Session-Token': login.session_token } })).status).toBe(200);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await db.drop();
    }
  });
});
