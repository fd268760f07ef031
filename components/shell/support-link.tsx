'use client';

import { usePathname } from 'next/navigation';

/** The support entry carries the page it was opened from, so the message says where the user was. */
export function SupportLink({ href, children }: { href: string; children: string }) {
  const pathname = usePathname();
  const here = pathname === href;
  const from = pathname && !here ? `?from=${encodeURIComponent(pathname)}` : '';
  return (
    <a href={`${href}${from}`} aria-current={here ? 'page' : undefined}>
      {children}
    </a>
  );
}
