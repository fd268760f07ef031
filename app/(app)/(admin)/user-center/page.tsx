import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { AdminTabs } from '@/components/admin/users/admin-tabs';
import { UserCenterView } from '@/components/admin/users/user-center-view';
import styles from '@/components/admin/users/admin.module.css';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('userCenter');

/** spec §2 /user-center: for users with the userCenter flag (the API checks it again). */
async function UserCenterPage() {
  const { actor } = await requireUser();
  const permissions = await permissionsOf(actor);
  if (!permissions.UI.menu.userCenter) notFound();
  const t = await getTranslations('admin.users');
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1>{t('title')}</h1>
      </div>
      <AdminTabs users permissions={permissions.UI.misc.permissions} />
      <UserCenterView ownId={actor.identityId} />
    </div>
  );
}

export default withAccessViews(UserCenterPage);
