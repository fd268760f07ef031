import { z } from 'zod';
import { createRoleInput, roleChangesSchema, roleListSchema, roleNameSchema, roleSchema } from '@/lib/shared/schemas/role';
import { endpoint } from '../endpoint';

/* The permissions screen (issue 8 item 4); every call needs the UI.misc.permissions flag. */

const role = z.object({ name: roleNameSchema });

export const listRoles = endpoint({
  method: 'GET',
  path: '/api/v2/roles',
  summary: 'The stored role → permission table: every role with its flags and user level, and the caller’s level',
  tag: 'admin',
  response: roleListSchema,
});

export const createRole = endpoint({
  method: 'POST',
  path: '/api/v2/roles',
  summary: 'Creates a custom role with a user level (at most the caller’s) and flags (only ones the caller has); 409 when the name exists',
  tag: 'admin',
  body: createRoleInput,
  response: roleSchema,
  status: 201,
});

export const updateRole = endpoint({
  method: 'PATCH',
  path: '/api/v2/roles/{name}',
  summary: 'Changes a role’s flags and/or user level; applies to the next request of every holder; 409 on a stale version or for the admin role',
  tag: 'admin',
  params: role,
  body: roleChangesSchema,
  response: roleSchema,
});

export const deleteRole = endpoint({
  method: 'DELETE',
  path: '/api/v2/roles/{name}',
  summary: 'Deletes a custom role; 409 for built-in roles and for roles still assigned to users',
  tag: 'admin',
  params: role,
  response: z.null(),
  status: 204,
});
