import { StringDecoder } from 'node:string_decoder';

/*
 * A small streaming JSON parser with hard limits, for input we do not trust (request bodies, the
 * record files of a backup archive). JSON.parse needs the whole text in memory first, recurses
 * without a depth bound and happily builds millions of values; this one counts as bytes arrive and
 * stops at the first limit, before the rest is read. In "items" mode the top-level array's elements
 * are handed out one by one and never kept, so a huge array costs one element of memory.
 */

export interface JsonLimits {
  /** UTF-8 bytes of the whole text. */
  maxBytes: number;
  /** Nesting of arrays and objects (the top-level container is depth 1). */
  maxDepth: number;
  /** UTF-16 code units of one string or object key (and characters of one number). */
  maxStringLength: number;
  /** Entries of one array or object, the top-level array in items mode included. */
  maxItems: number;
}

export type JsonPath = (string | number)[];

/** A limit was passed: the caller answers 413 (or 400 for depth and length, its choice). */
export class JsonLimitError extends Error {
  override name = 'JsonLimitError';
  constructor(
    readonly limit: keyof JsonLimits,
    readonly max: number,
    readonly path: JsonPath,
  ) {
    super(`${describeLimit(limit, max)}${path.length ? ` at ${formatPath(path)}` : ''}`);
  }
}

/** Not JSON at all. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

/** A string holds a NUL character or a lone UTF-16 surrogate: neither can be stored (PostgreSQL refuses NUL). */
export class JsonTextError extends Error {
  override name = 'JsonTextError';
  constructor(
    readonly problem: 'nul' | 'surrogate',
    readonly path: JsonPath,
  ) {
    super(`${problem === 'nul' ? 'contains a NUL character' : 'contains a lone UTF-16 surrogate'}${path.length ? ` at ${formatPath(path)}` : ''}`);
  }
}

function describeLimit(limit: keyof JsonLimits, max: number): string {
  switch (limit) {
    case 'maxBytes':
      return `larger than ${max} bytes`;
    case 'maxDepth':
      return `nested deeper than ${max} levels`;
    case 'maxStringLength':
      return `a string or number longer than ${max} characters`;
    case 'maxItems':
      return `more than ${max} entries in one array or object`;
  }
}

/** `a.b[2].c`, the way field errors name a field. */
export const formatPath = (path: JsonPath) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(root)';

const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text field holds something no text column can store: NUL or a lone surrogate. */
export function textProblem(value: string): 'nul' | 'surrogate' | null {
  if (NUL.test(value)) return 'nul';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

type Frame = { kind: 'array'; value: unknown[] | null; count: number } | { kind: 'object'; value: Record<string, unknown>; key: string | null; count: number };

const enum State {
  Value,
  ValueOrClose,
  KeyOrClose,
  Key,
  Colon,
  AfterValue,
  String,
  Number,
  Literal,
  Done,
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t';

export interface ParserOptions {
  limits: JsonLimits;
  /** Refuse NUL characters and lone surrogates in strings and keys (JsonTextError naming the field). */
  rejectUnstorableText?: boolean;
  /** Items mode: the text must be one array; each element goes here (with its index) and is not kept. */
  onItem?: (value: unknown, index: number) => void;
  /** Items mode: elements of the top-level array at most (maxItems otherwise). */
  maxStreamedItems?: number;
}

/** Feed it chunks with `write`, then `end()` returns the value (undefined in items mode). */
export class BoundedJsonParser {
  private readonly decoder = new StringDecoder('utf8');
  private readonly stack: Frame[] = [];
  private state = State.Value;
  private bytes = 0;
  private token = '';
  private escape: string | null = null;
  private stringIsKey = false;
  private result: unknown = undefined;

  constructor(private readonly options: ParserOptions) {}

  write(chunk: Buffer | string): void {
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (this.bytes > this.options.limits.maxBytes) throw new JsonLimitError('maxBytes', this.options.limits.maxBytes, this.path());
    this.consume(typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
  }

  end(): unknown {
    this.consume(this.decoder.end());
    if (this.state === State.Number || this.state === State.Literal) this.finishScalar();
    if (this.state !== State.Done) throw new JsonSyntaxError('unexpected end of JSON');
    return this.result;
  }

  private path(): JsonPath {
    const path: JsonPath = [];
    for (const frame of this.stack) {
      if (frame.kind === 'array') path.push(frame.count);
      else if (frame.key !== null) path.push(frame.key);
    }
    return path;
  }

  private consume(text: string): void {
    const { maxStringLength } = this.options.limits;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      switch (this.state) {
        case State.String: {
          if (this.escape !== null) {
            if (this.escape === '') {
              if (c === 'u') this.escape = 'u';
              else if (c in ESCAPES) {
                this.token += ESCAPES[c];
                this.escape = null;
              } else throw new JsonSyntaxError(`bad escape \\${c}`);
            } else {
              if (!/[0-9a-fA-F]/.test(c)) throw new JsonSyntaxError('bad \\u escape');
              this.escape += c;
              if (this.escape.length === 5) {
                this.token += String.fromCharCode(parseInt(this.escape.slice(1), 16));
                this.escape = null;
              }
            }
          } else if (c === '"') {
            this.finishString();
          } else if (c === '\\') {
            this.escape = '';
          } else if (c < ' ') {
            throw new JsonSyntaxError('control character in a string');
          } else {
            // Fast path: take the run of plain characters up to the next quote, backslash or control character.
            let j = i + 1;
            while (j < text.length) {
              const d = text[j]!;
              if (d === '"' || d === '\\' || d < ' ') break;
              j++;
            }
            this.token += text.slice(i, j);
            i = j - 1;
          }
          if (this.token.length > maxStringLength) throw new JsonLimitError('maxStringLength', maxStringLength, this.path());
          break;
        }
        case State.Number:
        case State.Literal: {
          if (/[-+.\deEa-z]/.test(c)) {
            this.token += c;
            if (this.token.length > maxStringLength) throw new JsonLimitError('maxStringLength', maxStringLength, this.path());
            break;
          }
          this.finishScalar();
          i--; // the character after the scalar is read again in the new state
          break;
        }
        default:
          if (isSpace(c)) break;
          this.structural(c);
      }
    }
  }

  private structural(c: string): void {
    switch (this.state) {
      case State.Done:
        throw new JsonSyntaxError('unexpected text after the JSON value');
      case State.Colon:
        if (c !== ':') throw new JsonSyntaxError(`expected ":" but found "${c}"`);
        this.state = State.Value;
        return;
      case State.KeyOrClose:
      case State.Key:
        if (c === '}' && this.state === State.KeyOrClose) return this.close('object');
        if (c !== '"') throw new JsonSyntaxError(`expected a key but found "${c}"`);
        this.startString(true);
        return;
      case State.AfterValue: {
        const top = this.stack.at(-1)!;
        if (c === ',') {
          this.state = top.kind === 'array' ? State.Value : State.Key;
          return;
        }
        if ((c === ']' && top.kind === 'array') || (c === '}' && top.kind === 'object')) return this.close(top.kind);
        throw new JsonSyntaxError(`unexpected "${c}"`);
      }
      case State.ValueOrClose:
        if (c === ']') return this.close('array');
        return this.startValue(c);
      case State.Value:
        return this.startValue(c);
      default:
        throw new JsonSyntaxError(`unexpected "${c}"`);
    }
  }

  private startValue(c: string): void {
    if (c === '"') return this.startString(false);
    if (c === '[' || c === '{') {
      if (this.stack.length >= this.options.limits.maxDepth) throw new JsonLimitError('maxDepth', this.options.limits.maxDepth, this.path());
      if (this.stack.length === 0 && this.options.onItem && c !== '[') throw new JsonSyntaxError('expected an array');
      // In items mode the top-level array keeps no elements.
      const streamed = this.stack.length === 0 && this.options.onItem !== undefined;
      this.stack.push(c === '[' ? { kind: 'array', value: streamed ? null : [], count: 0 } : { kind: 'object', value: {}, key: null, count: 0 });
      this.state = c === '[' ? State.ValueOrClose : State.KeyOrClose;
      return;
    }
    if (this.stack.length === 0 && this.options.onItem) throw new JsonSyntaxError('expected an array');
    if (c === '-' || (c >= '0' && c <= '9')) this.state = State.Number;
    else if (c >= 'a' && c <= 'z') this.state = State.Literal;
    else throw new JsonSyntaxError(`unexpected "${c}"`);
    this.token = c;
  }

  private startString(isKey: boolean): void {
    this.state = State.String;
    this.token = '';
    this.escape = null;
    this.stringIsKey = isKey;
  }

  private finishString(): void {
    const value = this.token;
    this.token = '';
    if (this.options.rejectUnstorableText) {
      const problem = textProblem(value);
      if (problem) {
        const path = this.path();
        if (this.stringIsKey) path.push(value.replace(/[\u0000\ud800-\udfff]/g, '\ufffd'));
        throw new JsonTextError(problem, path);
      }
    }
    if (this.stringIsKey) {
      const top = this.stack.at(-1) as Extract<Frame, { kind: 'object' }>;
      top.key = value;
      this.state = State.Colon;
      return;
    }
    this.completeValue(value);
  }

  private finishScalar(): void {
    const text = this.token;
    this.token = '';
    let value: unknown;
    if (this.state === State.Literal) {
      if (!(text in LITERALS)) throw new JsonSyntaxError(`unexpected "${text.slice(0, 20)}"`);
      value = LITERALS[text];
    } else {
      if (!NUMBER.test(text)) throw new JsonSyntaxError(`bad number "${text.slice(0, 20)}"`);
      value = Number(text);
    }
    this.completeValue(value);
  }

  private close(kind: 'array' | 'object'): void {
    const frame = this.stack.pop()!;
    if (frame.kind !== kind) throw new JsonSyntaxError('mismatched brackets');
    this.completeValue(frame.value ?? undefined);
  }

  private completeValue(value: unknown): void {
    const top = this.stack.at(-1);
    if (!top) {
      this.result = value;
      this.state = State.Done;
      return;
    }
    const maxItems = top.kind === 'array' && !top.value ? (this.options.maxStreamedItems ?? this.options.limits.maxItems) : this.options.limits.maxItems;
    if (top.count >= maxItems) throw new JsonLimitError('maxItems', maxItems, this.path());
    if (top.kind === 'array') {
      if (top.value) top.value.push(value);
      else this.options.onItem!(value, top.count);
    } else {
      // defineProperty, not assignment: a "__proto__" key stays a plain key.
      Object.defineProperty(top.value, top.key!, { value, enumerable: true, writable: true, configurable: true });
      top.key = null;
    }
    top.count++;
    this.state = State.AfterValue;
  }
}

/** Parses a whole text or buffer with limits (JsonLimitError, JsonSyntaxError or JsonTextError otherwise). */
export function parseBoundedJson(text: string | Buffer, options: Omit<ParserOptions, 'onItem'>): unknown {
  const parser = new BoundedJsonParser(options);
  parser.write(text);
  return parser.end();
}
