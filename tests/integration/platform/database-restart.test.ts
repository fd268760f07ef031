import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Issue 2 item 9: the pool survives a database restart. The test runs its own PostgreSQL so it
 * can stop and start it: while it is down the health endpoint answers 503, afterwards 200 again.
 */
describe('a database restart', () => {
  let postgres: ChildProcessWithoutNullStreams;
  let lines: AsyncIterator<string>;
  let GET: (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const health = () => GET(new Request('http://argus.test/api/v2/health'), { params: Promise.resolve({}) });
  const command = async (line: string, answer: string) => {
    postgres.stdin.write(`${line}\n`);
    expect((await lines.next()).value).toBe(answer);
  };

  beforeAll(async () => {
    postgres = spawn(process.execPath, ['--import', 'tsx', 'tests/support/restartable-postgres.ts'], { stdio: 'pipe' });
    lines = createInterface({ input: postgres.stdout })[Symbol.asyncIterator]();
    const ready = (await lines.next()).value as string;
    process.env.DATABASE_URL = ready.replace(/^ready /, '');
    process.env.APP_URL = 'http://argus.test';
    ({ GET } = await import('@/app/api/v2/health/route'));
  }, 60_000);

  afterAll(async () => {
    const { pool } = await import('@/lib/server/db/client');
    await pool().end();
    postgres.stdin.write('quit\n');
    await new Promise((done) => postgres.once('exit', done));
  });

  it('answers 503 while the database is down and recovers when it is back', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect((await health()).status).toBe(200);

    await command('stop', 'stopped');
    const down = await health();
    expect(down.status).toBe(503);
    expect((await down.json()).error.code).toBe('service_unavailable');

    await command('start', 'started');
    expect((await health()).status).toBe(200);
  }, 60_000);
});
