import { redirect } from 'next/navigation';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { homePathFor } from '@/lib/shared/auth/home';

// Spec §2: the root path redirects to the planner, or, for a role that may not plan, to the first
// page its permission set shows (the route guard already sent internal users to the beta list).
export default async function Root(): Promise<never> {
  const { actor } = await requireUser();
  redirect(homePathFor(actor.roles, await permissionsOf(actor)));
}
