// Integration tests talk to the real PostgreSQL that scripts/test.ts started for this run.
if (!process.env.DATABASE_URL) {
  throw new Error('Integration tests need DATABASE_URL; run them through `npm test` or `npm run test:integration`.');
}
jest.setTimeout(30_000);

// The upload locks' connection (lib/server/uploads/upload-locker.ts) is the process's, kept on
// globalThis like the pool; it closes itself only after 10 s without a lock, when Jest has already
// moved on to the next file. Closed with the file that opened it.
afterAll(async () => {
  await (globalThis as { __argusUploadLocker?: { close(): Promise<void> } }).__argusUploadLocker?.close();
});
