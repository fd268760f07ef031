import 'server-only';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_FLAGS, type PermissionFlag, type RolePermissionTable } from '@/lib/shared/auth/permission-table';
import { BUILT_IN_ROLES, type BuiltInRole } from '@/lib/shared/auth/roles';
import { DEFAULT_ROLE_LEVELS, LOCKED_ROLE } from '@/lib/shared/schemas/role';
import { builtOnce } from '../db/built-once';
import { db as defaultDb, type Db } from '../db/client';
import { appRole } from '../db/schema';
import type { Tx } from '../domain/context';
import type { Actor } from './actor';

/**
 * The role → permission table stored in the database (the permissions screen edits it). Read on
 * every request, never cached in memory: a change applies to the next request of every app
 * instance (ARCHITECTURE §1). A built-in role nobody edited has no row and keeps the code default.
 */
export interface StoredRole {
  name: string;
  builtIn: boolean;
  locked: boolean;
  userLevel: number;
  permissions: PermissionFlag[];
  /** 0 for a built-in role never edited (no row yet). */
  version: number;
}

const isBuiltIn = (name: string): name is BuiltInRole => (BUILT_IN_ROLES as readonly string[]).includes(name);
const known = new Set<string>(PERMISSION_FLAGS);

function defaultRole(name: BuiltInRole): StoredRole {
  return { name, builtIn: true, locked: name === LOCKED_ROLE, userLevel: DEFAULT_ROLE_LEVELS[name], permissions: PERMISSION_FLAGS.filter((f) => DEFAULT_ROLE_PERMISSIONS[name].includes(f)), version: 0 };
}

/** What a role's row says about it (the rest of the row is bookkeeping). */
export type RoleRow = Pick<typeof appRole.$inferSelect, 'name' | 'permissions' | 'userLevel' | 'version'>;

function fromRow(row: RoleRow): StoredRole {
  // The admin role is locked to every flag and the top level, whatever a row says.
  if (row.name === LOCKED_ROLE) return { ...defaultRole(LOCKED_ROLE), version: row.version };
  return {
    name: row.name,
    builtIn: isBuiltIn(row.name),
    locked: false,
    userLevel: row.userLevel,
    // A flag removed from the code since the row was written grants nothing.
    permissions: row.permissions.filter((f): f is PermissionFlag => known.has(f)),
    version: row.version,
  };
}

// Every request reads its user's roles (built-once.ts); the names go as one array parameter.
const namedRoles = builtOnce((db: Db | Tx) => db.select().from(appRole).where(sql`${appRole.name} = any(${sql.placeholder('names')}::text[])`));

/**
 * The rows of the named roles as one JSON column of another query: the request's first read (the
 * user's profile, current-user.ts) brings its roles along instead of a second round trip.
 */
export const roleRowsColumn = (names: SQL | Placeholder) =>
  sql<RoleRow[]>`(select coalesce(json_agg(json_build_object('name', ${appRole.name}, 'permissions', ${appRole.permissions}, 'userLevel', ${appRole.userLevel}, 'version', ${appRole.version})), '[]'::json) from ${appRole} where ${appRole.name} = any(${names}::text[]))`;

/** The named roles (all when `names` is omitted): stored rows, then built-in defaults; unknown names are left out. */
export async function loadRoles(names?: readonly string[], database: Db | Tx = defaultDb()): Promise<StoredRole[]> {
  if (names && names.length === 0) return [];
  const rows = names ? await namedRoles(database).execute({ names: [...names] }) : await database.select().from(appRole);
  return storedRoles(rows, names);
}

/** Roles from their stored rows (read with loadRoles or roleRowsColumn), then the built-in defaults of the names without one. */
export function storedRoles(rows: readonly RoleRow[], names?: readonly string[]): StoredRole[] {
  const stored = new Map(rows.map((row) => [row.name, fromRow(row)]));
  const builtIn = BUILT_IN_ROLES.filter((name) => !stored.has(name) && (!names || names.includes(name))).map(defaultRole);
  return [...builtIn, ...stored.values()].sort((a, b) => b.userLevel - a.userLevel || a.name.localeCompare(b.name));
}

export async function loadRole(name: string, database: Db | Tx = defaultDb()): Promise<StoredRole | null> {
  return (await loadRoles([name], database))[0] ?? null;
}

/** The table `permissionsFor` expects, for just these roles. */
export async function rolePermissionTable(roles: readonly string[], database: Db | Tx = defaultDb()): Promise<RolePermissionTable> {
  return permissionTableOf(await loadRoles(roles, database));
}

export const permissionTableOf = (roles: readonly StoredRole[]): RolePermissionTable => Object.fromEntries(roles.map((role) => [role.name, role.permissions]));

/** The highest level among the roles; 0 with no known role. */
export const levelOfRoles = (roles: readonly StoredRole[]) => roles.reduce((level, role) => Math.max(level, role.userLevel), 0);

export async function levelOfRoleNames(roles: readonly string[], database: Db | Tx = defaultDb()): Promise<number> {
  return levelOfRoles(await loadRoles(roles, database));
}

/** A user's level (docs/permissions.md "User levels"); the system has every level. */
export async function levelOf(actor: Actor, database: Db | Tx = defaultDb()): Promise<number> {
  if (actor.kind === 'processor') return 0;
  return actor.kind === 'system' ? Number.POSITIVE_INFINITY : levelOfRoleNames(actor.roles, database);
}
