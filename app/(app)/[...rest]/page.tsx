import { notFound } from 'next/navigation';
import { viewMetadata } from '@/lib/server/i18n/metadata';

// The browser keeps the page's own title after hydration, so it must be the not-found title too.
export const generateMetadata = () => viewMetadata('notFound');

// Every unmatched path renders the not-found view inside the application shell.
export default function UnmatchedPath(): never {
  notFound();
}
