import { notFound } from 'next/navigation';
import { viewMetadata } from '@/lib/server/i18n/metadata';

// The browser keeps the page's own title after hydration, so it must be the not-found title too.
export const generateMetadata = () => viewMetadata('notFound');

// Spec §2 route /not-found: the same view, with a 404 status.
export default function NotFoundRoute(): never {
  notFound();
}
