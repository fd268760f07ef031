import { MAX_PER_CONNECTION, statementName, withStatementName } from '@/lib/server/db/statement-cache';

describe('prepared statements of the app pool (lib/server/db/statement-cache.ts)', () => {
  it('names a parameterized query after its text: the same text, the same name; another text, another name', () => {
    const prepared = new Set<string>();
    const a = withStatementName({ text: 'select $1::int', rowMode: 'array' }, [1], prepared) as { name: string; rowMode: string };
    const again = withStatementName({ text: 'select $1::int' }, [2], prepared) as { name: string };
    const other = withStatementName({ text: 'select $1::text' }, ['x'], prepared) as { name: string };
    expect(a.name).toBe(statementName('select $1::int'));
    expect(a.rowMode).toBe('array');
    expect(again.name).toBe(a.name);
    expect(other.name).not.toBe(a.name);
    expect(prepared.size).toBe(2);
  });

  it('leaves alone what must not be prepared: no parameters, a name of its own, plain SQL strings, streaming queries', () => {
    const prepared = new Set<string>();
    const noParams = { text: 'begin' };
    const named = { text: 'select $1', name: 'mine' };
    const cursor = { text: 'select $1', submit: () => {} };
    expect(withStatementName(noParams, [], prepared)).toBe(noParams);
    expect(withStatementName(noParams, undefined, prepared)).toBe(noParams);
    expect(withStatementName(named, [1], prepared)).toBe(named);
    expect(withStatementName('select $1', [1], prepared)).toBe('select $1');
    expect(withStatementName(cursor, [1], prepared)).toBe(cursor);
    expect(prepared.size).toBe(0);
  });

  it('reads the parameters from the config when none are passed beside it', () => {
    const named = withStatementName({ text: 'select $1', values: [1] }, undefined, new Set()) as { name?: string };
    expect(named.name).toBe(statementName('select $1'));
  });

  it('prepares at most MAX_PER_CONNECTION statements per connection; later texts run unnamed, known ones stay named', () => {
    const prepared = new Set<string>();
    for (let i = 0; i < MAX_PER_CONNECTION; i++) withStatementName({ text: `select $1 + ${i}` }, [1], prepared);
    const beyond = { text: 'select $1 + 100000' };
    expect(withStatementName(beyond, [1], prepared)).toBe(beyond);
    expect((withStatementName({ text: 'select $1 + 0' }, [1], prepared) as { name?: string }).name).toBe(statementName('select $1 + 0'));
    expect(prepared.size).toBe(MAX_PER_CONNECTION);
  });
});
