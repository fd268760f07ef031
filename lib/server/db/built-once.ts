import 'server-only';

/**
 * A query whose text never changes (only its placeholders' values do), built by drizzle once per
 * database handle instead of on every call. Building a select (selection, joins, SQL text, field
 * order) cost about as much CPU as the rows it fetched for the small keyed reads every request
 * makes (docs/performance.md). Per handle, because tests and jobs bring their own (a transaction
 * gets its own copy and drops it with itself).
 *
 * Left unnamed here: the pool's statement cache names it by its text when prepared statements are
 * on (statement-cache.ts), and sends it unnamed when they are off (a transaction-mode pooler).
 */
export function builtOnce<D extends object, P>(build: (db: D) => { prepare(name: string): P }): (db: D) => P {
  const byHandle = new WeakMap<D, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) byHandle.set(db, (prepared = build(db).prepare(UNNAMED)));
    return prepared;
  };
}

/**
 * builtOnce for a family of queries whose text depends on a few values (a sort, a page size): each
 * value gets its own query, built once per database handle. The values must be few.
 */
export function builtOncePer<K, D extends object, P>(build: (db: D, key: K) => { prepare(name: string): P }): (db: D, key: K) => P {
  const byKey = new Map<K, (db: D) => P>();
  return (db, key) => {
    let family = byKey.get(key);
    if (family === undefined) byKey.set(key, (family = builtOnce((handle: D) => build(handle, key))));
    return family(db);
  };
}

// drizzle's types ask for a name; node-postgres sends a statement without one as unnamed.
const UNNAMED = undefined as unknown as string;
