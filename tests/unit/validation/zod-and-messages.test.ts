/** @jest-environment node */
import { createTranslator } from 'next-intl';
import { z } from 'zod';
import { decodeIssue, encodeIssue, translateIssue, type Translate, type ValidationKey } from '@/lib/shared/validation/issue';
import * as zv from '@/lib/shared/validation/zod';
import { missionName } from '@/lib/shared/validation/mission';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const tEn = createTranslator({ locale: 'en', messages: en }) as unknown as Translate;
const tDe = createTranslator({ locale: 'de', messages: de }) as unknown as Translate;
const messagesOf = (result: { success: boolean; error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), text: translateIssue(tEn, i.message) }));

describe('message keys resolve to the spec texts', () => {
  it.each([
    ['validation.required', undefined, 'Value is required'],
    ['validation.email', undefined, 'Value is not a valid email address'],
    ['validation.minLength', { min: 5 }, 'This field should be at least 5 characters long'],
    ['validation.sameAs', { other: 'password' }, 'The value must be equal to the password value'],
    ['validation.fileType', { list: 'image/*, .las' }, 'Invalid file type. (Allowed types - image/*, .las)'],
  ] as const)('%s', (key, values, text) => {
    expect(translateIssue(tEn, { key, values })).toBe(text);
  });

  it('every key has English and German text, and German differs from English', () => {
    const keys: ValidationKey[] = [
      'validation.required', 'validation.email', 'validation.minLength', 'validation.maxBytes', 'validation.sameAs',
      'validation.invalidDate', 'validation.password.minLength', 'validation.password.uppercase', 'validation.password.lowercase',
      'validation.password.digit', 'validation.password.special', 'validation.password.mismatch', 'validation.missionName.pattern',
      'validation.externalDeliveryAfter', 'validation.scanAfterStart', 'validation.fileType',
    ];
    const values = { min: 8, max: 10, other: 'X', characters: '@', list: 'image/*' };
    for (const key of keys) {
      const english = tEn(key, values);
      const german = tDe(key, values);
      expect(english).not.toContain('validation.');
      expect(german).not.toContain('validation.');
      expect(german).not.toBe(english);
    }
    expect(tDe('validation.minLength', { min: 5 })).toBe('Dieses Feld muss mindestens 5 Zeichen lang sein');
  });
});

describe('issue encoding (one string through zod and react-hook-form)', () => {
  it('round-trips key and values, numbers as numbers', () => {
    const encoded = encodeIssue({ key: 'validation.fileType', values: { list: 'image/*, .pdf & co' } });
    expect(decodeIssue(encoded)).toEqual({ key: 'validation.fileType', values: { list: 'image/*, .pdf & co' } });
    expect(decodeIssue(encodeIssue({ key: 'validation.minLength', values: { min: 8 } }))).toEqual({ key: 'validation.minLength', values: { min: 8 } });
    expect(encodeIssue({ key: 'validation.required' })).toBe('validation.required');
  });
  it('passes foreign messages through untranslated', () => {
    expect(decodeIssue('Something else')).toBeNull();
    expect(translateIssue(tEn, 'Something else')).toBe('Something else');
  });
});

describe('zod builders', () => {
  it('requiredString trims and reports Value is required (also for a missing field)', () => {
    expect(zv.requiredString().parse('  x  ')).toBe('x');
    expect(messagesOf(zv.requiredString().safeParse('   '))).toEqual([{ path: '', text: 'Value is required' }]);
    expect(messagesOf(z.object({ name: zv.requiredString() }).safeParse({}))).toEqual([{ path: 'name', text: 'Value is required' }]);
  });
  it('email and minimum length', () => {
    expect(messagesOf(zv.requiredEmail().safeParse('nope'))).toEqual([{ path: '', text: 'Value is not a valid email address' }]);
    expect(zv.optionalEmail().safeParse('').success).toBe(true);
    expect(messagesOf(zv.minLengthString(4).safeParse('abc'))).toEqual([{ path: '', text: 'This field should be at least 4 characters long' }]);
  });
  it('password and its repeat', () => {
    const schema = z.object({ password: zv.passwordString(), repeat: z.string() }).superRefine(zv.passwordRepeatMatches());
    expect(schema.safeParse({ password: 'Abcdef1@', repeat: 'Abcdef1@' }).success).toBe(true);
    expect(messagesOf(schema.safeParse({ password: 'Abcdef1@', repeat: 'Abcdef1!' }))).toEqual([{ path: 'repeat', text: 'The passwords do not match' }]);
    expect(messagesOf(schema.safeParse({ password: 'abcdef1@', repeat: 'abcdef1@' }))).toEqual([
      { path: 'password', text: 'The password must contain at least one uppercase letter' },
    ]);
  });
  it('sameAs on an object names the other field', () => {
    const schema = z.object({ email: z.string(), confirm: z.string() }).superRefine(zv.sameAsField('confirm', 'email', 'email'));
    expect(messagesOf(schema.safeParse({ email: 'a@b.de', confirm: 'a@b.com' }))).toEqual([{ path: 'confirm', text: 'The value must be equal to the email value' }]);
  });
  it('date inputs: empty is undefined, nonsense is invalid', () => {
    expect(zv.dateInput().parse('')).toBeUndefined();
    expect(zv.dateInput().parse('2026-03-02')).toEqual(new Date('2026-03-02T00:00:00Z'));
    expect(messagesOf(zv.dateInput().safeParse('2026-02-30'))).toEqual([{ path: '', text: 'Value is not a valid date' }]);
    expect(messagesOf(zv.requiredDateInput().safeParse(''))).toEqual([{ path: '', text: 'Value is required' }]);
    expect(messagesOf(zv.requiredDateInput().safeParse('x'))).toEqual([{ path: '', text: 'Value is not a valid date' }]);
  });
  it('byte limit and any rule through check()', () => {
    expect(messagesOf(zv.maxBytesString(3).safeParse('äö'))).toEqual([{ path: '', text: 'This field should be at most 3 bytes long' }]);
    const name = z.string().superRefine(zv.check(missionName({ isBuildingMaterialsPartner: true })));
    expect(messagesOf(name.safeParse('Main_Street'))).toEqual([{ path: '', text: 'Only lowercase letters and underscores are allowed' }]);
  });
  it('mission date ordering on the object', () => {
    const schema = z
      .object({ pcl: zv.dateInput(), cad: zv.dateInput(), external: zv.dateInput(), start: zv.dateInput(), scan: zv.dateInput() })
      .superRefine(zv.externalDeliveryAfterDates({ external: 'external', pcl: 'pcl', cad: 'cad' }))
      .superRefine(zv.scanAfterStartFromOffice({ scan: 'scan', startFromOffice: 'start' }));
    const ok = { pcl: '2026-03-02', cad: '2026-03-03', external: '2026-03-04', start: '2026-03-01T08:00:00Z', scan: '2026-03-01T09:00:00Z' };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(messagesOf(schema.safeParse({ ...ok, external: '2026-03-03', scan: '2026-03-01T07:00:00Z' }))).toEqual([
      { path: 'external', text: 'The external delivery date must be after the pointcloud and CAD delivery dates' },
      { path: 'scan', text: 'The scan date and time must be after the start from the office' },
    ]);
  });
});
