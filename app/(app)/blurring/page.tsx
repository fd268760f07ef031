import { notFound } from 'next/navigation';
import { BlurringQueueView } from '@/components/blurring/queue-view';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { blurringQueue } from '@/lib/server/blurring/blurring-queue';
import { pageContext } from '@/lib/server/domain/contexts';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

/** Without the flag the page is not found, and so is its title. */
export async function generateMetadata() {
  const { actor } = await requireUser();
  return viewMetadata((await permissionsOf(actor)).UI.menu.blurring ? 'blurring' : 'notFound');
}

/** spec §2 /blurring: the missions for blurring. A failing first read shows spec §8's queue load failure. */
async function BlurringPage() {
  const { actor } = await requireUser();
  if (!(await permissionsOf(actor)).UI.menu.blurring) notFound();
  const ctx = pageContext(actor, 'blurring');
  const items = await blurringQueue(ctx, { filter: 'all' }).catch((err: unknown) => {
    ctx.log.error('blurring queue read failed', err);
    return null;
  });
  return <BlurringQueueView initialItems={items} />;
}

export default withAccessViews(BlurringPage);
