import 'server-only';
import { Worker } from 'node:worker_threads';

/*
 * The SHA-256 of an upload's bytes so far, kept as the bytes arrive, so the finish hook need not
 * read the whole file back (about a second per 512 MiB on this kind of disk, a fifth of an upload).
 *
 * Truthful by construction: a tus upload only ever appends, and a request's bytes are taken back
 * unless all of them were stored, so the file's first `offset` bytes never change once written.
 * A digest is therefore recorded only for bytes known to be stored (after a request succeeded,
 * under the upload's lock, or in the finish hook, which runs after tus stored them) and is
 * continued only by a request starting exactly at its offset. A request that cannot be followed
 * (streamed through @tus/server, or served by another process) leaves no digest at its end, and
 * the finish hook falls back to reading the file.
 *
 * The hashing runs on a thread of its own (one per process), and so does a request's checksum
 * (`requestChecksum`): on the main thread, the one every request waits for, they were a third of an
 * upload's CPU there. The thread gets the bytes in order over one message port, so it hashes them
 * in the order they were stored; what it cannot follow (it restarted, or evicted an entry) ends as
 * no digest, never a wrong one. Bytes in shared memory (node-patch.ts's request buffers) are read
 * where they are, not copied: copying into fresh memory costs the main thread as much as hashing.
 * Their owner reuses them only after a reply (a checksum's `digest`, `digestsSettled`), which the thread
 * sends after every message before it.
 */

/** A digest being continued by one request: `update` with its bytes, then `recordDigest` or `drop`. */
export interface RunningDigest {
  update(bytes: Uint8Array): RunningDigest;
  /** The request's bytes were not stored: forget what it hashed. */
  drop(): void;
}

/** Bounded: one entry per upload in flight; the oldest goes first (on both sides). */
const MAX_DIGESTS = 1000;

/** The thread's code (CommonJS, evaluated: nothing for the bundler to resolve). */
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const MAX = ${MAX_DIGESTS};
const recorded = new Map();
const open = new Map();
const view = (m) => m.bytes ?? new Uint8Array(m.shared, m.offset, m.length);
const bounded = (map, key, value) => { map.delete(key); if (map.size >= MAX) map.delete(map.keys().next().value); map.set(key, value); };
parentPort.on('message', (m) => {
  if (m.op === 'checksum') bounded(open, m.token, createHash(m.algorithm));
  else if (m.op === 'sum') {
    const hash = open.get(m.token);
    open.delete(m.token);
    parentPort.postMessage({ reply: m.reply, value: hash ? hash.digest('base64') : null });
  } else if (m.op === 'continue') {
    const from = m.fresh ? null : recorded.get(m.id);
    if (m.fresh || from) bounded(open, m.token, m.fresh ? createHash('sha256') : from.copy());
  } else if (m.op === 'update') open.get(m.token)?.update(view(m));
  else if (m.op === 'drop') open.delete(m.token);
  else if (m.op === 'record') {
    const hash = open.get(m.token);
    open.delete(m.token);
    recorded.delete(m.id);
    if (hash) bounded(recorded, m.id, hash);
  } else if (m.op === 'forget') recorded.delete(m.id);
  else if (m.op === 'take') {
    const hash = recorded.get(m.id);
    recorded.delete(m.id);
    parentPort.postMessage({ reply: m.reply, value: hash ? hash.digest('hex') : null });
  } else if (m.op === 'settle') parentPort.postMessage({ reply: m.reply, value: null });
});
`;

interface Hasher {
  worker: Worker;
  /** The offset each upload's recorded digest ends at, as far as this side knows. */
  offsets: Map<string, number>;
  replies: Map<number, (value: string | null) => void>;
  next: number;
}

// One per process: the route handler and the app server's PATCH path (node-patch.ts) are bundled apart.
const holder = globalThis as unknown as { __argusDigestThread?: Hasher };

function hasher(): Hasher {
  if (holder.__argusDigestThread) return holder.__argusDigestThread;
  const worker = new Worker(THREAD, { eval: true });
  const h: Hasher = { worker, offsets: new Map(), replies: new Map(), next: 1 };
  worker.unref();
  worker.on('message', (m: { reply: number; value: string | null }) => {
    h.replies.get(m.reply)?.(m.value);
    h.replies.delete(m.reply);
    if (h.replies.size === 0) worker.unref();
  });
  // A thread that died takes its digests with it: every finish then reads its file back.
  const gone = () => {
    if (holder.__argusDigestThread === h) delete holder.__argusDigestThread;
    for (const answer of h.replies.values()) answer(null);
    h.replies.clear();
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  holder.__argusDigestThread = h;
  return h;
}

const post = (h: Hasher, message: Record<string, unknown>, transfer: ArrayBuffer[] = []) => h.worker.postMessage(message, transfer);

/** Bytes for the thread: shared memory as it is, anything else as a copy handed over (its owner may reuse it at once). */
function carried(bytes: Uint8Array): { message: Record<string, unknown>; transfer: ArrayBuffer[] } {
  if (bytes.buffer instanceof SharedArrayBuffer) return { message: { shared: bytes.buffer, offset: bytes.byteOffset, length: bytes.byteLength }, transfer: [] };
  const copy = new Uint8Array(bytes);
  return { message: { bytes: copy }, transfer: [copy.buffer] };
}

/** Asks the thread for an answer; it comes after everything posted before. A thread that died answers null. */
function ask(h: Hasher, message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<string | null> {
  const reply = h.next++;
  return new Promise((resolve) => {
    h.replies.set(reply, resolve);
    h.worker.ref();
    post(h, { ...message, reply }, transfer);
  });
}

/** A request's checksum (Upload-Checksum), hashed on the thread as its bytes arrive. */
export interface RequestChecksum {
  update(bytes: Uint8Array): void;
  /** The base64 digest of everything given; null if the thread died meanwhile. */
  digest(): Promise<string | null>;
  /** The request failed before its digest was asked for. */
  drop(): void;
}

export function requestChecksum(algorithm: 'sha1' | 'sha256'): RequestChecksum {
  const h = hasher();
  const token = h.next++;
  post(h, { op: 'checksum', token, algorithm });
  return {
    update(bytes) {
      const { message, transfer } = carried(bytes);
      post(h, { op: 'update', token, ...message }, transfer);
    },
    digest: () => ask(h, { op: 'sum', token }),
    drop: () => post(h, { op: 'drop', token }),
  };
}

/** Resolves once the thread has hashed everything handed to it so far (shared bytes may then be reused). */
export async function digestsSettled(): Promise<void> {
  await ask(hasher(), { op: 'settle' });
}

/**
 * A digest to continue with bytes from `offset` on: the upload's digest when it ends there, a fresh
 * one at 0, or null when the bytes before `offset` were not followed.
 */
export function continueDigest(id: string, offset: number): RunningDigest | null {
  const h = hasher();
  if (offset !== 0 && h.offsets.get(id) !== offset) return null;
  const token = h.next++;
  post(h, { op: 'continue', token, id, fresh: offset === 0 });
  const digest: RunningDigest & { token: number } = {
    token,
    update(bytes) {
      const { message, transfer } = carried(bytes);
      post(h, { op: 'update', token, ...message }, transfer);
      return digest;
    },
    drop: () => post(h, { op: 'drop', token }),
  };
  return digest;
}

/** Records that the upload's first `offset` bytes are stored and hash to `digest`. */
export function recordDigest(id: string, offset: number, digest: RunningDigest): void {
  const h = hasher();
  h.offsets.delete(id);
  if (h.offsets.size >= MAX_DIGESTS) h.offsets.delete(h.offsets.keys().next().value!);
  h.offsets.set(id, offset);
  post(h, { op: 'record', token: (digest as RunningDigest & { token: number }).token, id });
}

/** The hex SHA-256 of the upload's first `size` bytes, when they were followed; forgets the digest. */
export function takeDigest(id: string, size: number): Promise<string | null> {
  const h = hasher();
  const known = h.offsets.get(id);
  h.offsets.delete(id);
  if (known !== size) {
    post(h, { op: 'forget', id });
    return Promise.resolve(null);
  }
  return ask(h, { op: 'take', id });
}

export function forgetDigest(id: string): void {
  const h = hasher();
  h.offsets.delete(id);
  post(h, { op: 'forget', id });
}
