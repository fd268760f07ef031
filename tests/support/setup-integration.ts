// Integration tests talk to the real PostgreSQL that scripts/test.ts started for this run.
if (!process.env.DATABASE_URL) {
  throw new Error('Integration tests need DATABASE_URL; run them through `npm test` or `npm run test:integration`.');
}
jest.setTimeout(30_000);
