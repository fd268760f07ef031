import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { mutable } from './columns';
import { company, customer } from './companies';

/**
 * The Argus side of a user, keyed by the identity id of the identity service (no FK: identities
 * live in another service). Roles stay in the identity's metadata_public (spec §3 Session).
 */
export const appUser = pgTable(
  'app_user',
  {
    identityId: uuid().primaryKey(),
    email: text().notNull(),
    displayName: text().notNull(),
    companyId: bigint({ mode: 'number' }).references(() => company.id, { onDelete: 'set null' }),
    customerId: bigint({ mode: 'number' }).references(() => customer.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** Verified and holding a role in the identity service (mirrored at each visit): the pickers offer only these. */
    assignable: boolean().notNull().default(false),
    /** The identity's roles as of their last visit: jobs reach administrators (storage damage) without the identity service. */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    ...mutable,
  },
  (t) => [
    uniqueIndex('app_user_email_key').on(sql`lower(${t.email})`),
    index('app_user_company_idx').on(t.companyId),
    index('app_user_customer_idx').on(t.customerId),
  ],
);
