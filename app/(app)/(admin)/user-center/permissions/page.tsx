import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PermissionsView } from '@/components/admin/permissions/permissions-view';
import { AdminTabs } from '@/components/admin/users/admin-tabs';
import styles from '@/components/admin/users/admin.module.css';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';
import { withAccessViews } from '@/app/access-views';

export const generateMetadata = () => viewMetadata('permissions');

/** The permissions screen of the user center (spec §2): for users with UI.misc.permissions. */
async function PermissionsPage() {
  const { actor } = await requireUser();
  const permissions = await permissionsOf(actor);
  if (!permissions.UI.misc.permissions) notFound();
  const t = await getTranslations('admin.permissions');
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1>{t('title')}</h1>
      </div>
      <AdminTabs users={permissions.UI.menu.userCenter} permissions />
      <PermissionsView />
    </div>
  );
}

export default withAccessViews(PermissionsPage);
