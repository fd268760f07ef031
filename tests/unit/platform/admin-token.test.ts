/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from '@/lib/server/env-schema';
import { withAdminToken } from '@/scripts/lib/admin-token';

describe('the identity admin token of npm start', () => {
  const saved = process.env.KRATOS_ADMIN_TOKEN;
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'argus-token-'));
    delete process.env.KRATOS_ADMIN_TOKEN;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.KRATOS_ADMIN_TOKEN;
    else process.env.KRATOS_ADMIN_TOKEN = saved;
  });

  it('is generated once into DATA_DIR, readable by the owner only, and handed to the children', () => {
    const first = withAdminToken(parseEnv({ DATA_DIR: dir }), dir);
    const file = join(dir, 'identity-admin.token');
    expect(first.KRATOS_ADMIN_TOKEN).toMatch(/^[\w-]{40,}$/);
    expect(readFileSync(file, 'utf8')).toBe(first.KRATOS_ADMIN_TOKEN);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(process.env.KRATOS_ADMIN_TOKEN).toBe(first.KRATOS_ADMIN_TOKEN);
    expect(withAdminToken(parseEnv({ DATA_DIR: dir }), dir).KRATOS_ADMIN_TOKEN).toBe(first.KRATOS_ADMIN_TOKEN);
  });

  it('keeps a configured token, and makes none for a real Kratos', () => {
    expect(withAdminToken(parseEnv({ DATA_DIR: dir, KRATOS_ADMIN_TOKEN: 'configured-token-0123456789' }), dir).KRATOS_ADMIN_TOKEN).toBe('configured-token-0123456789');
    const real = withAdminToken(parseEnv({ DATA_DIR: dir, KRATOS_PUBLIC_URL: 'https://id.example.com', KRATOS_ADMIN_URL: 'https://id-admin.example.com' }), dir);
    expect(real.KRATOS_ADMIN_TOKEN).toBeUndefined();
    expect(() => statSync(join(dir, 'identity-admin.token'))).toThrow();
  });
});
