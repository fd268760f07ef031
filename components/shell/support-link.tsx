'use client';

import { usePathname } from 'next/navigation';

/** The support entry carries the page it was opened from, so the message says where the user was. */
export function SupportLink({ href, children }: { href: string; children: string }) {
  const pathname = usePathname();
  const from = pathname && pathname !== href ? `?from=${encodeURIComponent(pathname)}` : '';
  return <a href={`${href}${from}`}>{children}</a>;
}
