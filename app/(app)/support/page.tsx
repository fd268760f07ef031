import { SupportView } from '@/components/support/support-view';
import type { Actor } from '@/lib/server/auth/actor';
import { requireUser } from '@/lib/server/auth/require-user';
import { pageContext } from '@/lib/server/domain/contexts';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { readableMission, supportContact } from '@/lib/server/support/send-support-request';
import { supportRequest } from '@/lib/shared/schemas/support';

export const generateMetadata = () => viewMetadata('support');

/**
 * The page and mission the user came from (`?from=/mission/12`), when they are what the form may
 * send: the mission only when the user may read it (the 403/404 page links here too).
 */
async function context(actor: Actor, from: string | undefined) {
  const page = supportRequest.shape.page.safeParse(from).data;
  const id = /^\/mission\/(\d{1,15})(\/|$)/.exec(page ?? '')?.[1];
  const mission = id ? await readableMission(pageContext(actor), Number(id)) : null;
  return { page, missionId: mission?.id };
}

/**
 * spec §2 support: every signed-in user may write to support, also one still waiting for a role
 * (the route guard lets /support through for them, see ROLE_FREE).
 */
export default async function SupportPage({ searchParams }: { searchParams: Promise<{ from?: string | string[] }> }) {
  const user = await requireUser({ allowWithoutRole: true });
  const { from } = await searchParams;
  return <SupportView contact={supportContact()} {...await context(user.actor, typeof from === 'string' ? from : undefined)} />;
}
