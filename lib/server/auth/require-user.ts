import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ROLE_MISSING, signInWithReturnTo, SIGN_IN, URL_HEADER, VERIFY } from '@/lib/shared/auth/route-guard';
import { currentUser, type CurrentUser } from './current-user';

/**
 * The server-side lock of every signed-in page (the route guard is not the only one): the same
 * rules as the route guard for session, verification and role. `allowWithoutRole` is for the
 * pages a user without a role may see.
 */
export async function requireUser(options: { allowWithoutRole?: boolean } = {}): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) {
    const url = (await headers()).get(URL_HEADER);
    redirect(url ? signInWithReturnTo(url) : SIGN_IN);
  }
  if (!user.facts.verified) redirect(VERIFY);
  if (user.facts.roles.length === 0 && !options.allowWithoutRole) redirect(ROLE_MISSING);
  return user;
}
