/**
 * @jest-environment node
 *
 * The admin verbs' field errors and refusals carry message keys (errors.admin.*). The envelope
 * keeps such a key and answers its English text as `message`, which must read as the sentence
 * API callers got before the keys; the German catalogue has the same key for German users.
 */
import { englishText, fieldIssues } from '@/lib/server/api/error-text';
import { AppError } from '@/lib/server/errors';
import { toErrorResponse } from '@/lib/server/api/envelope';
import { encodeKey } from '@/lib/shared/validation/issue';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

describe('admin error keys', () => {
  it('keeps a domain field key and answers its English text', () => {
    expect(
      fieldIssues({
        customerId: ['errors.admin.customerNotFound'],
        email: ['errors.admin.alreadyExists'],
        roles: [encodeKey('errors.admin.unknownRole', { roles: 'site-lead, crew' })],
        userLevel: [encodeKey('errors.admin.atMostLevel', { max: 50 })],
      }),
    ).toEqual({
      customerId: [{ key: 'errors.admin.customerNotFound', message: 'customer not found' }],
      email: [{ key: 'errors.admin.alreadyExists', message: 'already exists' }],
      roles: [{ key: 'errors.admin.unknownRole?roles=site-lead%2C+crew', message: 'unknown role: site-lead, crew' }],
      userLevel: [{ key: 'errors.admin.atMostLevel?max=50', message: 'at most 50' }],
    });
  });

  it('still gives an English sentence that is no key the generic key', () => {
    expect(fieldIssues({ customerId: ['customer not found'] })).toEqual({ customerId: [{ key: 'validation.invalid', message: 'customer not found' }] });
  });

  it.each([
    [{ missions: 2, customers: 1 }, 'This company cannot be deleted: 2 missions and 1 customer depend on it.'],
    [{ missions: 0, customers: 3 }, 'This company cannot be deleted: 3 customers depend on it.'],
    [{ missions: 1, customers: 0 }, 'This company cannot be deleted: 1 mission depend on it.'],
  ])('words a company in use %j as before', (values, text) => {
    expect(englishText(encodeKey('errors.admin.companyInUse', values))).toBe(text);
  });

  it('words a customer in use and an assigned role as before', () => {
    expect(englishText(encodeKey('errors.admin.customerInUse', { missions: 1, subCustomers: 2 }))).toBe('This customer cannot be deleted: 1 mission and 2 sub-customers depend on it.');
    expect(englishText(encodeKey('errors.admin.roleAssigned', { users: 3 }))).toBe('the role is still assigned to 3 user(s)');
  });

  it("puts an AppError's key in the envelope next to its unchanged message", async () => {
    const err = new AppError('conflict', 'the role is still assigned to 2 user(s)', { reason: 'assigned', users: 2 }, encodeKey('errors.admin.roleAssigned', { users: 2 }));
    const body = await toErrorResponse(err, 'req-12345678', 'test').json();
    expect(body.error).toMatchObject({ code: 'conflict', message: 'the role is still assigned to 2 user(s)', details: { key: 'errors.admin.roleAssigned?users=2', reason: 'assigned', users: 2 } });
  });

  it('has every admin key in German too', () => {
    const admin = (de as { errors: { admin: Record<string, string> } }).errors.admin;
    expect(admin.customerNotFound).toBe('Kunde nicht gefunden');
    expect(Object.values(admin).every((text) => text.length > 0)).toBe(true);
  });

  it('names only keys that exist: every errors.admin.* key in the server code is in the catalogue', () => {
    const files = (readdirSync(join(process.cwd(), 'lib/server'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const used = new Set(files.flatMap((f) => [...readFileSync(join(process.cwd(), 'lib/server', f), 'utf8').matchAll(/'errors\.admin\.(\w+)'/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !(key in en.errors.admin))).toEqual([]);
  });
});
