import { NotFoundView } from '@/components/platform/not-found-view';
import { viewMetadata } from '@/lib/server/i18n/metadata';

export const generateMetadata = () => viewMetadata('notFound');

export default NotFoundView;
