import type { UserAccount } from '@/lib/shared/schemas/admin-user';

/** How the user center names a user: first and last name, else the e-mail. */
export const nameOf = (user: Pick<UserAccount, 'firstName' | 'lastName' | 'email'>) => `${user.firstName} ${user.lastName}`.trim() || user.email;
