import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { mutable } from './columns';

/**
 * The role → permission table as the permissions screen edits it (docs/permissions.md). A built-in
 * role has a row only once someone edited it; until then the code default applies
 * (DEFAULT_ROLE_PERMISSIONS). Custom roles exist only here. Which users hold a role stays in the
 * identity's metadata_public (spec §3 Session), so the name is the key.
 */
export const appRole = pgTable(
  'app_role',
  {
    name: text().primaryKey(),
    /** Permission flag paths, e.g. 'UI.menu.planner' (validated against PERMISSION_FLAGS on write). */
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    /** Rank 0–100: who may assign, edit or delete the role (a user's level is their highest role's). */
    userLevel: integer().notNull(),
    builtIn: boolean().notNull().default(false),
    ...mutable,
  },
  (t) => [
    check('app_role_name_format', sql`${t.name} ~ '^[a-z][a-z0-9_-]{1,39}$'`),
    check('app_role_user_level_range', sql`${t.userLevel} between 0 and 100`),
  ],
);
