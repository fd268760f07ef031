/** @jest-environment node */
import { isConnectionError } from '@/lib/server/db/pool';

/*
 * While PostgreSQL is down the API answers 503 (retry later), never 500: every way pg reports a
 * lost or refused connection must count as one, and a wrong query must not.
 */
describe('isConnectionError', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54329'), { code: 'ECONNREFUSED' })],
    ['its Unix socket gone (the server is down)', Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.54329'), { code: 'ENOENT', syscall: 'connect' })],
    ['terminated by the administrator', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a client that already failed', new Error('Client has encountered a connection error and is not queryable')],
    ['starting up', new Error('the database system is starting up')],
    ['wrapped by drizzle', new Error('Failed query: insert into "mission" …', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s → a connection error', (_what, err) => {
    expect(isConnectionError(err)).toBe(true);
  });

  it('a failing query is not', () => {
    expect(isConnectionError(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
  });

  it('a missing file is not', () => {
    expect(isConnectionError(Object.assign(new Error("ENOENT: no such file or directory, open '/data/storage/x'"), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
  });
});
