import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { MaintenanceBanner } from '@/components/platform/lazy-maintenance-banner';
import { InlineLogo } from '@/components/ui/inline-logo';
import type { PermissionSet } from '@/lib/shared/permissions';
import type { Stage } from '@/lib/shared/stage';
import { MenuDrawerProvider, MenuLink, MenuPanel, MenuToggle } from './menu-drawer';
import { visibleEntries } from './menu-entries';
import type { ShellUser } from './shell-user';
import { UserMenu } from './user-menu';
import styles from './app-shell.module.css';

/** The application chrome of spec §2: header, the permission-driven menu, and the content area. */
/** `stage` is the deployment stage the layout read on the server (lib/server/stage.ts): it colours the logo. */
export function AppShell({ permissions, stage, user, children }: { permissions: PermissionSet; stage: Stage; user?: ShellUser; children: ReactNode }) {
  const t = useTranslations();
  const entries = visibleEntries(permissions);
  return (
    <MenuDrawerProvider>
    <div className={styles.shell}>
      {/* The first frame waits until the page's content is parsed (React puts this link in the
          head), so it shows the page, not the header and part of it. The largest paint was a
          second frame otherwise: the mission list's table came 170 ms after the header, when the
          page's scripts had run (docs/performance.md, 7 Dec morning). */}
      <link rel="expect" href="#main-end" blocking="render" />
      <a href="#main" className={styles.skip}>
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <MenuToggle openLabel={t('menu.open')} closeLabel={t('menu.close')} />
        <Link href="/" className={styles.brand} aria-label={t('app.home')}>
          <InlineLogo stage={stage} theme="dark" className={styles.logo} />
        </Link>
      </header>
      <MaintenanceBanner />
      <div className={styles.body}>
        <MenuPanel label={t('menu.label')}>
          {entries.length > 0 ? (
            <ul>
              {entries.map((entry) => (
                <li key={entry.key}>
                  <MenuLink href={entry.href}>{t(`menu.${entry.key}`)}</MenuLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>{t('menu.empty')}</p>
          )}
          <UserMenu user={user} />
        </MenuPanel>
        <main id="main" className={styles.main}>
          {children}
          <span id="main-end" hidden />
        </main>
      </div>
    </div>
    </MenuDrawerProvider>
  );
}
