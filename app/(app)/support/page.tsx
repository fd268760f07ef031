import { SupportView } from '@/components/support/support-view';
import { requireUser } from '@/lib/server/auth/require-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { supportContact } from '@/lib/server/support/send-support-request';
import { supportRequest } from '@/lib/shared/schemas/support';

export const generateMetadata = () => viewMetadata('support');

/** The page and mission the user came from (`?from=/mission/12`), when they are what the form may send. */
function context(from: string | undefined) {
  const page = supportRequest.shape.page.safeParse(from).data;
  const mission = /^\/mission\/(\d{1,15})(\/|$)/.exec(page ?? '')?.[1];
  return { page, missionId: mission ? Number(mission) : undefined };
}

/** spec §2 support: every signed-in user may write to support. */
export default async function SupportPage({ searchParams }: { searchParams: Promise<{ from?: string | string[] }> }) {
  await requireUser();
  const { from } = await searchParams;
  return <SupportView contact={supportContact()} {...context(typeof from === 'string' ? from : undefined)} />;
}
