import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every mutable row carries: timestamps and the optimistic-concurrency version. */
export const mutable = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  version: integer().notNull().default(1),
};
