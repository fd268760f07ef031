/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { loadConfig } from '@/identity/config';
import { appOrigin, envSchema, parseEnv } from '@/lib/server/env-schema';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.KRATOS_PUBLIC_URL).toBeUndefined();
    expect(appOrigin(env)).toBe('http://localhost:3000');
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names every malformed variable', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/[\s\S]*SMTP_URL/,
    );
  });

  it('names the missing partner of a variable that needs one', () => {
    expect(() => parseEnv({ KRATOS_PUBLIC_URL: 'https://id.example.com' })).toThrow(/KRATOS_ADMIN_URL: is required when KRATOS_PUBLIC_URL is set/);
    expect(() => parseEnv({ S3_BUCKET: 'argus' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it('keeps mission backups 90 days unless told otherwise, in whole days of at least one', () => {
    expect(parseEnv({}).BACKUP_RETENTION_DAYS).toBe(90);
    expect(parseEnv({ BACKUP_RETENTION_DAYS: '7' }).BACKUP_RETENTION_DAYS).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'forever']) expect(() => parseEnv({ BACKUP_RETENTION_DAYS: bad })).toThrow(/BACKUP_RETENTION_DAYS/);
  });

  it('documents every variable in .env.example', () => {
    const documented = readFileSync('.env.example', 'utf8');
    const variables = Object.keys(envSchema.shape).filter((name) => name !== 'NODE_ENV');
    expect(variables.filter((name) => !new RegExp(`^${name}=`, 'm').test(documented))).toEqual([]);
  });

  it("documents the identity service's breached-password check with the defaults it really has", () => {
    const documented = readFileSync('.env.example', 'utf8');
    const { password } = loadConfig({ DATABASE_URL: 'postgres://localhost/argus' });
    for (const name of ['IDENTITY_HIBP_ENABLED', 'IDENTITY_HIBP_URL', 'IDENTITY_HIBP_TIMEOUT_MS']) expect(documented).toMatch(new RegExp(`^${name}=`, 'm'));
    // The comment block above the variables (it once said "default false" while the code said true).
    const comment = /((?:^#.*\n)+)IDENTITY_HIBP_ENABLED=/m.exec(documented)![1];
    expect(comment).toContain(`default ${password.hibpEnabled}`);
    expect(comment).toContain(`default ${password.hibpUrl}`);
    expect(comment).toContain(`default ${password.hibpTimeoutMs}`);
  });
});
