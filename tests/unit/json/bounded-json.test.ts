/** @jest-environment node */
import { BoundedJsonParser, JsonLimitError, JsonSyntaxError, JsonTextError, parseBoundedJson, textProblem } from '@/lib/server/json/bounded-json';

const LIMITS = { maxBytes: 1024 * 1024, maxDepth: 16, maxStringLength: 1000, maxItems: 1000 };
const parse = (text: string, limits = LIMITS) => parseBoundedJson(text, { limits, rejectUnstorableText: true });
const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a refusal');
};

describe('bounded JSON parser', () => {
  it('reads what JSON.parse reads, whatever the chunking', () => {
    const samples = [
      '{"a":[1,-2.5e3,0,true,false,null,"x\\"y\\\\z\\u00e9\\n"],"b":{"c":{}},"d":[]}',
      ' [ "Straße 😀", 1e-7 , {"__proto__":{"polluted":1}} ] ',
      '"just a string"',
      '42',
    ];
    for (const text of samples) {
      expect(parse(text)).toEqual(JSON.parse(text));
      // Byte by byte: multi-byte characters and escapes split across chunks.
      const parser = new BoundedJsonParser({ limits: LIMITS });
      for (const byte of Buffer.from(text)) parser.write(Buffer.from([byte]));
      expect(parser.end()).toEqual(JSON.parse(text));
    }
    // A "__proto__" key stays data, never the prototype.
    const value = parse('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what is not JSON', () => {
    for (const text of ['', '{', '[1,]', '{"a" 1}', '{a:1}', '01', '1.', 'tru', 'nul', '[1] 2', '"a\u0001"', '"\\x"', '"\\u12g4"', '[}']) {
      expect(errorOf(() => parse(text))).toBeInstanceOf(JsonSyntaxError);
    }
  });

  it('stops at each limit, naming where', () => {
    const depth = errorOf(() => parse('['.repeat(17) + ']'.repeat(17))) as JsonLimitError;
    expect(depth).toMatchObject({ limit: 'maxDepth', max: 16 });
    expect(parse('['.repeat(16) + ']'.repeat(16))).toBeDefined();
    expect(errorOf(() => parse(`{"a":{"b":"${'x'.repeat(1001)}"}}`))).toMatchObject({ limit: 'maxStringLength', path: ['a', 'b'] });
    expect(errorOf(() => parse(`[${'1'.repeat(1001)}]`))).toMatchObject({ limit: 'maxStringLength' });
    expect(errorOf(() => parse(`[${Array(1001).fill(0).join(',')}]`))).toMatchObject({ limit: 'maxItems', path: [1000] });
    expect(errorOf(() => parse(`"${'x'.repeat(100)}"`, { ...LIMITS, maxBytes: 50 }))).toMatchObject({ limit: 'maxBytes' });
  });

  it('refuses the byte limit on the chunk that passes it, before reading more', () => {
    const parser = new BoundedJsonParser({ limits: { ...LIMITS, maxBytes: 10 } });
    parser.write('[1,2,3,');
    expect(() => parser.write('4,5,6]')).toThrow(JsonLimitError);
  });

  it('names the field holding a NUL or a lone surrogate, in values and keys', () => {
    expect(errorOf(() => parse('{"name":"a\\u0000b"}'))).toMatchObject({ problem: 'nul', path: ['name'] });
    expect(errorOf(() => parse('{"list":[{"x":"ok"},{"x":"\\ud800"}]}'))).toMatchObject({ problem: 'surrogate', path: ['list', 1, 'x'] });
    expect(errorOf(() => parse('{"a":"\\udc00z"}'))).toBeInstanceOf(JsonTextError);
    expect(errorOf(() => parse('{"k\\u0000":1}'))).toMatchObject({ problem: 'nul', path: ['k\ufffd'] });
    // A proper pair is fine, and without the option the text is kept as it is.
    expect(parse('{"a":"\\ud83d\\ude00"}')).toEqual({ a: '😀' });
    expect(parseBoundedJson('"\\u0000"', { limits: LIMITS })).toBe('\u0000');
    expect([textProblem('ok'), textProblem('a\u0000'), textProblem('\ud800'), textProblem('\udc00'), textProblem('😀')]).toEqual([null, 'nul', 'surrogate', 'surrogate', null]);
  });

  it('hands out the elements of a top-level array one by one in items mode, keeping none', () => {
    const seen: [unknown, number][] = [];
    const parser = new BoundedJsonParser({ limits: { ...LIMITS, maxItems: 3 }, onItem: (value, index) => seen.push([value, index]) });
    parser.write('[{"a":1},[2],3'); // a number is complete only at the next delimiter
    expect(seen).toEqual([[{ a: 1 }, 0], [[2], 1]]);
    parser.write(']');
    expect(parser.end()).toBeUndefined();
    expect(seen).toHaveLength(3);
    // The count limit holds for the streamed array too, and an item's own refusal stops the parse.
    const counted = new BoundedJsonParser({ limits: { ...LIMITS, maxItems: 3 }, onItem: () => undefined });
    expect(() => counted.write('[1,2,3,4]')).toThrow(JsonLimitError);
    const refusing = new BoundedJsonParser({ limits: LIMITS, onItem: () => { throw new Error('bad record'); } });
    expect(() => refusing.write('[1')).not.toThrow();
    expect(() => refusing.write(',')).toThrow('bad record');
    expect(() => new BoundedJsonParser({ limits: LIMITS, onItem: () => undefined }).write('{}')).toThrow(JsonSyntaxError);
  });
});
