import { RoleMissingView } from '@/components/profile/role-missing-view';
import { requireUser } from '@/lib/server/auth/require-user';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('defaultRoleMissing');

export default async function DefaultRoleMissingPage() {
  await requireUser({ allowWithoutRole: true });
  return <RoleMissingView />;
}
