import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { UploadLocker } from '@/lib/server/uploads/upload-locker';

/*
 * The upload locks of two app processes (lib/server/uploads/upload-locker.ts): each locker has
 * its own connection to the real PostgreSQL, as each process of scripts/lib/cluster.mjs does.
 */

const lockers: UploadLocker[] = [];
const process_ = (timeoutMs?: number) => {
  const locker = new UploadLocker(process.env.DATABASE_URL!, timeoutMs);
  lockers.push(locker);
  return locker;
};
const uploadId = () => randomBytes(16).toString('hex');
const running = () => new AbortController().signal;
const ignore = () => undefined;

afterAll(() => Promise.all(lockers.map((l) => l.close())));

it('asks the holder in another process to let go, and takes the upload once it did', async () => {
  const [a, b] = [process_(), process_()];
  const id = uploadId();
  const steps: string[] = [];
  const first = a.newLock(id);
  await first.lock(running(), async () => {
    steps.push('asked');
    await first.unlock();
    steps.push('released');
  });
  const second = b.newLock(id);
  await second.lock(running(), ignore);
  steps.push('taken');
  expect(steps).toEqual(['asked', 'released', 'taken']);
  await second.unlock();
});

it('keeps another process out while the holder works on, until the wait times out', async () => {
  const [a, b] = [process_(), process_(400)];
  const id = uploadId();
  let asked = 0;
  const first = a.newLock(id);
  await first.lock(running(), () => {
    asked++;
  });
  await expect(b.newLock(id).lock(running(), ignore)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  expect(asked).toBeGreaterThan(0);
  // Another upload is not held up by this one.
  const other = b.newLock(uploadId());
  await other.lock(running(), ignore);
  await other.unlock();
  await first.unlock();
  const later = b.newLock(id);
  await later.lock(running(), ignore);
  await later.unlock();
});

it('makes a second request of the same process wait for the first', async () => {
  const a = process_(400);
  const id = uploadId();
  const first = a.newLock(id);
  let asked = false;
  await first.lock(running(), () => {
    asked = true;
  });
  await expect(a.newLock(id).lock(running(), ignore)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  expect(asked).toBe(true);
  await first.unlock();
});

it('stops waiting when the waiting request goes away', async () => {
  const [a, b] = [process_(), process_()];
  const id = uploadId();
  const first = a.newLock(id);
  await first.lock(running(), ignore);
  const gone = new AbortController();
  setTimeout(() => gone.abort(), 100);
  await expect(b.newLock(id).lock(gone.signal, ignore)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  await first.unlock();
});

it('frees the uploads of a process whose connection ended', async () => {
  const [a, b] = [process_(), process_(2000)];
  const id = uploadId();
  await a.newLock(id).lock(running(), ignore);
  await a.close();
  const taken = b.newLock(id);
  await taken.lock(running(), ignore);
  await taken.unlock();
});

it('refuses to release what it does not hold', async () => {
  await expect(process_().newLock(uploadId()).unlock()).rejects.toThrow('Releasing an unlocked lock!');
});
