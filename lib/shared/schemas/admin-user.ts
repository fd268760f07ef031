import { z } from 'zod';
import { locales } from '../locale';
import { requiredEmail, requiredString } from '../validation/zod';
import { identityIdSchema, idSchema } from './common';
import { roleNameSchema } from './role';

/* The user center (spec §2 /user-center, issue 8 item 3): identities joined with their Argus profile. */

export const userAccountQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type UserAccountQuery = z.input<typeof userAccountQuery>;

export const USER_STATES = ['active', 'inactive'] as const;

export const userAccountSchema = z.object({
  identityId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verified: z.boolean(),
  state: z.enum(USER_STATES),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  customer: z.object({ id: z.number().int(), customerNumber: z.number().int(), name: z.string() }).nullable(),
  roles: z.array(z.string()),
  /** The newest session's authenticated_at; null when the user never signed in. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type UserAccount = z.output<typeof userAccountSchema>;

export const assignableRoleSchema = z.object({ name: z.string(), userLevel: z.number().int(), assignable: z.boolean() });

export const userAccountListSchema = z.object({
  items: z.array(userAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every role, and whether the caller may assign it (its level is at most theirs). */
  roles: z.array(assignableRoleSchema),
});
export type UserAccountList = z.output<typeof userAccountListSchema>;

const roleList = z.array(roleNameSchema).max(20).transform((roles) => [...new Set(roles)]);

/** Company, customer (its number goes to metadata_public.customerID) and roles of a user. */
export const userAccessSchema = z.object({
  companyId: idSchema.nullable().default(null),
  customerId: idSchema.nullable().default(null),
  roles: roleList.default([]),
});
export type UserAccessInput = z.input<typeof userAccessSchema>;

export const inviteUserInput = userAccessSchema.extend({
  email: requiredEmail().transform((v) => v.toLowerCase()),
  firstName: requiredString().max(100),
  lastName: requiredString().max(100),
  /** The language of the invitation e-mail (the form offers the admin's UI language first). */
  language: z.enum(locales).default('en'),
});
export type InviteUserInput = z.input<typeof inviteUserInput>;

/** How the invitation e-mail left: `smtp` = queued for delivery, `outbox` = no mail server configured, stored only. */
export const invitationMailSchema = z.object({ to: z.string(), delivery: z.enum(['smtp', 'outbox']), language: z.enum(locales) });

/**
 * The one-time recovery link and code of an invitation. Argus e-mails them to the invitee
 * (`mail`) and also answers them once, so the inviting admin can hand them over when the mail
 * does not arrive (docs/user-center.md).
 */
export const invitationSchema = z.object({ recoveryLink: z.string(), recoveryCode: z.string(), expiresAt: z.string(), mail: invitationMailSchema });
export type Invitation = z.output<typeof invitationSchema>;

export const invitedUserSchema = z.object({ user: userAccountSchema, invitation: invitationSchema });
export type InvitedUser = z.output<typeof invitedUserSchema>;

export const userRefSchema = z.object({ identityId: identityIdSchema });
export type UserRef = z.input<typeof userRefSchema>;

export const updateUserAccessInput = userAccessSchema.extend({ identityId: identityIdSchema });
export type UpdateUserAccessInput = z.input<typeof updateUserAccessInput>;
