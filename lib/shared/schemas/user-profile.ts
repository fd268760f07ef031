import { z } from 'zod';
import { emailSchema, identityIdSchema, idSchema } from './common';

export const upsertUserProfileInput = z.object({
  identityId: identityIdSchema,
  email: emailSchema,
  displayName: z.string().trim().min(1).max(200),
  companyId: idSchema.nullable().default(null),
  customerId: idSchema.nullable().default(null),
});
export type UpsertUserProfileInput = z.input<typeof upsertUserProfileInput>;

export interface UserProfileDto {
  identityId: string;
  email: string;
  displayName: string;
  companyId: number | null;
  customerId: number | null;
  lastSeenAt: string | null;
  version: number;
}
