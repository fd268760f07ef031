/** @jest-environment node */
import { ADMISSION_TTL_MS, admissionKey, forgetAdmissions, recallAdmission, rememberAdmission } from '@/lib/server/uploads/admission';
import type { Actor } from '@/lib/server/auth/actor';
import type { UploadRow } from '@/lib/server/uploads/create-upload';

const actor = { kind: 'processor', processorId: 1, name: 'SLAM' } as Actor;
const row = (id: string) => ({ id }) as UploadRow;
const request = (headers: Record<string, string>) => new Request('http://argus.test/api/v2/uploads/x', { method: 'PATCH', headers });
const id = 'a'.repeat(32);

describe('upload admission', () => {
  it('is keyed by upload and credential, and keeps no credential in clear', () => {
    const cookie = admissionKey(request({ cookie: 'ory_kratos_session=secret' }), id)!;
    expect(cookie.startsWith(`${id}:`)).toBe(true);
    expect(cookie).not.toContain('secret');
    expect(admissionKey(request({ cookie: 'ory_kratos_session=other' }), id)).not.toBe(cookie);
    expect(admissionKey(request({ authorization: 'Bearer t' }), id)).not.toBe(cookie);
    expect(admissionKey(request({}), id)).toBeNull();
  });

  it('is recalled until its time is up, and forgotten with its upload', () => {
    const key = admissionKey(request({ cookie: 's=1' }), id)!;
    rememberAdmission(key, actor, row(id), 1000);
    expect(recallAdmission(key, 1000 + ADMISSION_TTL_MS - 1)?.row.id).toBe(id);
    expect(recallAdmission(key, 1000 + ADMISSION_TTL_MS)).toBeNull();
    rememberAdmission(key, actor, row(id), 5000);
    forgetAdmissions(id);
    expect(recallAdmission(key, 5001)).toBeNull();
  });

  it('stays bounded: the oldest admission gives way when full', () => {
    const keys = Array.from({ length: 1001 }, (_, i) => admissionKey(request({ cookie: `s=${i}` }), id)!);
    keys.forEach((key) => rememberAdmission(key, actor, row(id), 10_000));
    expect(recallAdmission(keys[0]!, 10_001)).toBeNull();
    expect(recallAdmission(keys[1000]!, 10_001)).not.toBeNull();
  });
});
