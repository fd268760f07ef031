import { z } from 'zod';
import '../validation/zod-messages';
import { PERMISSION_FLAGS, type PermissionFlag } from '../auth/permission-table';
import type { BuiltInRole } from '../auth/roles';

/*
 * The permissions screen (spec §2 user center: "a permissions screen with new role and user level").
 * A role's user level is a rank from 0 to 100. A user's level is the highest level of their roles;
 * they may assign, create, edit and delete only roles whose level is at most their own, and manage
 * only users whose level is at most their own (docs/permissions.md "User levels").
 */
export const MAX_USER_LEVEL = 100;

/** The levels of the built-in roles until someone edits them. */
export const DEFAULT_ROLE_LEVELS: Readonly<Record<BuiltInRole, number>> = { admin: 100, advanced: 80, operator: 40, customer: 20, external: 10 };

/** The admin role always has every flag and the top level: nobody can lock everyone out of this screen. */
export const LOCKED_ROLE = 'admin';

/** Lowercase letters, digits, '-' and '_', starting with a letter; 2–40 characters (kept in metadata_public.roles). */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;

export const roleNameSchema = z.string().trim().toLowerCase().regex(ROLE_NAME_PATTERN);
export const userLevelSchema = z.number().int().min(0).max(MAX_USER_LEVEL);
export const permissionFlagSchema = z.enum(PERMISSION_FLAGS);
const flagList = z.array(permissionFlagSchema).max(PERMISSION_FLAGS.length * 2).transform((flags) => [...new Set(flags)]);

export const createRoleInput = z.object({ name: roleNameSchema, userLevel: userLevelSchema, permissions: flagList.default([]) });
export type CreateRoleInput = z.input<typeof createRoleInput>;

export const roleChangesSchema = z.object({
  userLevel: userLevelSchema.optional(),
  permissions: flagList.optional(),
  /** The version the client saw (0 for a built-in role never edited); a stale one answers 409. */
  version: z.number().int().min(0),
});
export const updateRoleInput = roleChangesSchema.extend({ name: roleNameSchema });
export type UpdateRoleInput = z.input<typeof updateRoleInput>;

export const roleSchema = z.object({
  name: z.string(),
  builtIn: z.boolean(),
  /** The admin role: flags and level cannot be changed. */
  locked: z.boolean(),
  userLevel: z.number().int(),
  permissions: z.array(permissionFlagSchema),
  version: z.number().int(),
  /** Whether the caller's level allows editing, assigning and (custom roles) deleting it. */
  manageable: z.boolean(),
});
export type RoleDto = z.output<typeof roleSchema>;

export const roleListSchema = z.object({
  items: z.array(roleSchema),
  flags: z.array(permissionFlagSchema),
  /** The caller's own user level. */
  ownLevel: z.number().int(),
});
export type RoleList = z.output<typeof roleListSchema>;

export type { PermissionFlag };
