import { NotFoundView } from '@/components/platform/not-found-view';

// /mission/abc/print and unknown ids: the page-not-found view (spec §2).
export default NotFoundView;
