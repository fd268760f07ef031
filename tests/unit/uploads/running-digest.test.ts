/** @jest-environment node */
import { createHash, randomBytes } from 'node:crypto';
import { continueDigest, digestsSettled, forgetDigest, recordDigest, requestChecksum, takeDigest } from '@/lib/server/uploads/running-digest';

/* The running SHA-256 of an upload, hashed on its own thread from copies of the bytes handed over in order. */

const sha256 = (...parts: Uint8Array[]) => parts.reduce((h, p) => h.update(p), createHash('sha256')).digest('hex');

it('follows requests that continue where the last one ended, through a dropped one, to the file hash', async () => {
  const id = 'a'.repeat(32);
  const [one, two, three] = [randomBytes(70_000), randomBytes(1000), randomBytes(5)];
  const first = continueDigest(id, 0)!;
  // The caller reuses its buffer at once: the digest must have taken a copy.
  const reused = Buffer.from(one);
  first.update(reused);
  reused.fill(0);
  recordDigest(id, one.byteLength, first);
  continueDigest(id, one.byteLength)!.update(randomBytes(10)).drop();
  expect(continueDigest(id, one.byteLength + 1)).toBeNull();
  const second = continueDigest(id, one.byteLength)!.update(two).update(three);
  recordDigest(id, one.byteLength + two.byteLength + three.byteLength, second);
  expect(await takeDigest(id, one.byteLength + two.byteLength + three.byteLength)).toBe(sha256(one, two, three));
  // Taken: a second finish reads the file back.
  expect(await takeDigest(id, one.byteLength + two.byteLength + three.byteLength)).toBeNull();
});

it('gives nothing for bytes it did not follow to the end, or after the upload ended', async () => {
  const id = 'b'.repeat(32);
  const d = continueDigest(id, 0)!.update(randomBytes(100));
  recordDigest(id, 100, d);
  expect(await takeDigest(id, 200)).toBeNull();
  const e = continueDigest(id, 0)!.update(randomBytes(100));
  recordDigest(id, 100, e);
  forgetDigest(id);
  expect(await takeDigest(id, 100)).toBeNull();
});

it('reads shared memory where it is, and has hashed it by the time a checksum or settle answers', async () => {
  const id = 'c'.repeat(32);
  const shared = Buffer.from(new SharedArrayBuffer(4096));
  const bytes = randomBytes(4096);
  bytes.copy(shared);
  const d = continueDigest(id, 0)!.update(shared.subarray(0, 1000));
  const sum = requestChecksum('sha256');
  sum.update(shared.subarray(0, 600));
  sum.update(shared.subarray(600, 1000));
  expect(await sum.digest()).toBe(createHash('sha256').update(bytes.subarray(0, 1000)).digest('base64'));
  const sha1 = requestChecksum('sha1');
  sha1.update(bytes);
  expect(await sha1.digest()).toBe(createHash('sha1').update(bytes).digest('base64'));
  // Answered: the owner may reuse its buffer now without changing what was hashed.
  shared.fill(7, 0, 1000);
  d.update(shared.subarray(1000, 4096));
  await digestsSettled();
  shared.fill(9);
  recordDigest(id, 4096, d);
  expect(await takeDigest(id, 4096)).toBe(sha256(bytes.subarray(0, 1000), bytes.subarray(1000)));
});
