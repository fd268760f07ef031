import { z } from 'zod';
import { identityIdSchema } from '@/lib/shared/schemas/common';
import {
  invitationSchema,
  invitedUserSchema,
  inviteUserInput,
  userAccessSchema,
  userAccountListSchema,
  userAccountQuery,
  userAccountSchema,
} from '@/lib/shared/schemas/admin-user';
import { endpoint } from '../endpoint';

/* The user center (issue 8 item 3); every call needs the UI.menu.userCenter flag. */

const user = z.object({ id: identityIdSchema });

export const listUserAccounts = endpoint({
  method: 'GET',
  path: '/api/v2/admin/users',
  summary: 'Users of the identity service joined with their Argus profile (name, e-mail, verified, company, customer, roles, last sign-in), searched and paged',
  tag: 'admin',
  query: userAccountQuery,
  response: userAccountListSchema,
});

export const inviteUser = endpoint({
  method: 'POST',
  path: '/api/v2/admin/users',
  summary: 'Invites a user: creates the identity with roles and customer, writes the profile, e-mails the one-time recovery link and code and returns them once to hand over; 409 when the e-mail exists',
  tag: 'admin',
  body: inviteUserInput,
  response: invitedUserSchema,
  status: 201,
});

export const updateUserAccess = endpoint({
  method: 'PATCH',
  path: '/api/v2/admin/users/{id}',
  summary: "Assigns company, customer (metadata_public customerID, customer_uuid) and roles (roles, role) of a user",
  tag: 'admin',
  params: user,
  body: userAccessSchema,
  response: userAccountSchema,
});

export const deactivateUser = endpoint({
  method: 'POST',
  path: '/api/v2/admin/users/{id}/deactivate',
  summary: 'Deactivates a user (identity state inactive) and ends their sessions',
  tag: 'admin',
  params: user,
  response: userAccountSchema,
});

export const reactivateUser = endpoint({
  method: 'POST',
  path: '/api/v2/admin/users/{id}/reactivate',
  summary: 'Reactivates a deactivated user',
  tag: 'admin',
  params: user,
  response: userAccountSchema,
});

export const revokeUserSessions = endpoint({
  method: 'DELETE',
  path: '/api/v2/admin/users/{id}/sessions',
  summary: 'Ends every session of a user',
  tag: 'admin',
  params: user,
  response: z.null(),
  status: 204,
});

export const reissueInvitation = endpoint({
  method: 'POST',
  path: '/api/v2/admin/users/{id}/invitation',
  summary: 'A new one-time recovery link and code for a user (a lost or expired invitation), e-mailed and returned once',
  tag: 'admin',
  params: user,
  response: invitationSchema,
  status: 201,
});
