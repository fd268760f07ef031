import 'server-only';
import { AppError } from '@/lib/server/errors';
import { encodeIssue, issue } from '@/lib/shared/validation/issue';
import { BoundedJsonParser, JsonLimitError, JsonSyntaxError, JsonTextError, type JsonLimits, type JsonPath } from '@/lib/server/json/bounded-json';

/**
 * The limits of a JSON request body (issue 13: bounded input). The body is parsed as it arrives, so
 * a body past the byte limit is refused at the chunk that passes it (413), whatever Content-Length
 * said, and a nesting or string bomb never becomes a value.
 */
export const JSON_BODY_LIMITS: JsonLimits = {
  maxBytes: 1024 * 1024,
  maxDepth: 32,
  /** The longest text field of the API allows 10,000 characters; this only stops absurd strings early. */
  maxStringLength: 256 * 1024,
  maxItems: 50_000,
};

/** Message keys (messages/*.json) of the two text problems. */
const TEXT_PROBLEM = { nul: 'validation.noNul', surrogate: 'validation.noLoneSurrogate' } as const;

/** The field name the envelope uses: the same dot-joined path as zod's field errors. */
const fieldOf = (path: JsonPath) => path.join('.') || '_';

const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type);

/**
 * Reads and parses a JSON request body within the limits. No body at all (an action POST without
 * options) is `undefined`: the endpoint's schema decides whether that is fine. NUL characters and
 * lone surrogates in any string or key are refused as a `validation` error naming the field:
 * PostgreSQL cannot store NUL, and a lone surrogate cannot be encoded as UTF-8.
 */
export async function readJsonBody(request: Request, limits: JsonLimits = JSON_BODY_LIMITS): Promise<unknown> {
  if (request.body === null || request.headers.get('content-length') === '0') return undefined;
  if (!isJson(request.headers.get('content-type') ?? '')) throw new AppError('unsupported_media_type', 'Send the request body as application/json');
  const tooLarge = () => new AppError('payload_too_large', `The request body exceeds ${limits.maxBytes} bytes`, { maxBytes: limits.maxBytes });
  // Refused before a byte is read when the caller says so up front.
  if (Number(request.headers.get('content-length') ?? 0) > limits.maxBytes) throw tooLarge();

  const parser = new BoundedJsonParser({ limits, rejectUnstorableText: true });
  const reader = request.body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
    return bytes === 0 ? undefined : parser.end();
  } catch (err) {
    // Stop the upload: whatever else the client sends is not read.
    await reader.cancel().catch(() => undefined);
    throw asAppError(err, tooLarge);
  } finally {
    reader.releaseLock();
  }
}

function asAppError(err: unknown, tooLarge: () => AppError): unknown {
  if (err instanceof JsonTextError) {
    return new AppError('validation', 'invalid input', { fields: { [fieldOf(err.path)]: [TEXT_PROBLEM[err.problem]] } });
  }
  if (err instanceof JsonLimitError) {
    if (err.limit === 'maxBytes') return tooLarge();
    if (err.limit === 'maxStringLength') return new AppError('validation', 'invalid input', { fields: { [fieldOf(err.path)]: [encodeIssue(issue('validation.maxLength', { max: err.max }))] } });
    if (err.limit === 'maxItems') return new AppError('payload_too_large', `The request body has ${err.message}`, { maxItems: err.max });
    return new AppError('bad_request', `The request body is ${err.message}`, { maxDepth: err.max });
  }
  if (err instanceof JsonSyntaxError) return new AppError('bad_request', 'The request body is not valid JSON');
  return err;
}
