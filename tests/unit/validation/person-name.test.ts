import { personNameSchema } from '@/lib/shared/schemas/person-name';

describe('personNameSchema (issue 20: names made only of spaces were accepted)', () => {
  it('refuses a name of spaces with "Value is required"', () => {
    expect(personNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('validation.required');
    expect(personNameSchema.safeParse('\u00a0 \t').success).toBe(false);
  });

  it('trims a real name and lets an empty one through as not given', () => {
    expect(personNameSchema.parse('  Erika ')).toBe('Erika');
    expect(personNameSchema.parse('')).toBe('');
  });
});
