/**
 * `true` when a record schema names exactly the table's columns, else what is missing or extra:
 * each records module asserts it for its tables, so a new column is never silently lost on restore.
 */
export type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : { missing: Exclude<A, B>; extra: Exclude<B, A> };
