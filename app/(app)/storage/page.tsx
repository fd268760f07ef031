import { notFound } from 'next/navigation';
import { StorageView } from '@/components/storage/storage-view';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { pageContext } from '@/lib/server/domain/contexts';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { storageOverview } from '@/lib/server/storage-sync/storage-overview';
import { withAccessViews } from '@/app/access-views';

/** Without the flag the page is not found, and so is its title. */
export async function generateMetadata() {
  const { actor } = await requireUser();
  return viewMetadata((await permissionsOf(actor)).UI.menu.storage ? 'storage' : 'notFound');
}

/** spec §2 /storage: storage and synchronisation. A failing first read shows spec §8 'Failed to load!'. */
async function StoragePage() {
  const { actor } = await requireUser();
  if (!(await permissionsOf(actor)).UI.menu.storage) notFound();
  const ctx = pageContext(actor, 'storage');
  const overview = await storageOverview(ctx).catch((err: unknown) => {
    ctx.log.error('storage overview read failed', err);
    return null;
  });
  return <StorageView initial={overview} />;
}

export default withAccessViews(StoragePage);
