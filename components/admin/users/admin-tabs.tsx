'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import styles from './admin.module.css';

/** The user center's two screens (spec §2: the permissions screen lives in the user center). */
export function AdminTabs({ users, permissions }: { users: boolean; permissions: boolean }) {
  const t = useTranslations('admin.tabs');
  const path = usePathname();
  const tabs = [
    ...(users ? [{ href: '/user-center', label: t('users') }] : []),
    ...(permissions ? [{ href: '/user-center/permissions', label: t('permissions') }] : []),
  ];
  if (tabs.length < 2) return null;
  return (
    <nav className={styles.tabs} aria-label={t('label')}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={path === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
