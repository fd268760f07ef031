/** @jest-environment node */
import { email, isEmail, maxBytes, minLength, required, sameAs, utf8ByteLength } from '@/lib/shared/validation/text';

describe('required (trimmed)', () => {
  it.each([[''], ['   '], ['\t\n'], [null], [undefined], [[]]])('%p is missing', (value) => {
    expect(required(value)).toEqual({ key: 'validation.required' });
  });
  it.each([['a'], ['  a  '], [0], [false], [['x']]])('%p is present', (value) => {
    expect(required(value)).toBeNull();
  });
});

describe('email (spec pattern: word chars, @, domain parts, 2–4 character ending)', () => {
  it.each(['jane@example.com', 'jane.doe@example.co.uk', 'j_d-1@sub-domain.example.info', 'a@b.de', 'x@y.abcd'])('accepts %s', (value) => {
    expect(email(value)).toBeNull();
  });
  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'jane@example.c', 'jane@example.abcde', 'jane..doe@example.com', 'jane doe@example.com', 'jäne@example.com', 'jane@example.co-uk'])(
    'rejects %s with the spec message key',
    (value) => {
      expect(email(value)).toEqual({ key: 'validation.email' });
    },
  );
  it('leaves an empty value to `required` and ignores surrounding spaces', () => {
    expect(email('')).toBeNull();
    expect(email('  jane@example.com ')).toBeNull();
  });
  it('answers quickly on input that makes the classic pattern backtrack exponentially', () => {
    const hostile = `${'a'.repeat(40)}!`;
    const started = Date.now();
    expect(isEmail(hostile)).toBe(false);
    expect(isEmail(`a@${'b.cc'.repeat(30)}!`)).toBe(false);
    // Not a performance figure: the classic pattern needs ~2^40 steps here (hours), ours microseconds.
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('minLength', () => {
  const min3 = minLength(3);
  it('reports the minimum as a message value', () => {
    expect(min3('ab')).toEqual({ key: 'validation.minLength', values: { min: 3 } });
  });
  it('passes at and above the minimum and leaves empty to required', () => {
    expect(min3('abc')).toBeNull();
    expect(min3('abcd')).toBeNull();
    expect(min3('')).toBeNull();
  });
  it('counts characters, not UTF-16 units or bytes', () => {
    expect(minLength(3)('äöü')).toBeNull();
    expect(minLength(3)('😀😀')).not.toBeNull();
  });
});

describe('sameAs', () => {
  it('names the other field in the message', () => {
    let other = 'secret';
    const rule = sameAs(() => other, 'password');
    expect(rule('secret')).toBeNull();
    expect(rule('Secret')).toEqual({ key: 'validation.sameAs', values: { other: 'password' } });
    other = 'Secret';
    expect(rule('Secret')).toBeNull();
  });
});

describe('UTF-8 byte length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['ä', 2],
    ['€', 3],
    ['😀', 4],
    ['Grüße €😀', 1 + 1 + 2 + 2 + 1 + 1 + 3 + 4],
  ])('%p is %p bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });
  it('maxBytes allows the limit and rejects one byte more', () => {
    expect(maxBytes(4)('äö')).toBeNull();
    expect(maxBytes(4)('äöa')).toEqual({ key: 'validation.maxBytes', values: { max: 4 } });
  });
});
