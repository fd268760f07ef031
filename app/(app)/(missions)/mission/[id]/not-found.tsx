import { NotFoundView } from '@/components/platform/not-found-view';

// /mission/abc and unknown ids: the shell's page-not-found view (spec §2).
export default NotFoundView;
