import { useTranslations } from 'next-intl';
import { MenuLink } from './menu-drawer';
import { USER_ENTRIES } from './menu-entries';
import { SupportLink } from './support-link';
import type { ShellUser } from './shell-user';
import styles from './app-shell.module.css';

/**
 * The signed-in user's part of the menu: who they are, support, their profile and logout, for every
 * signed-in user whatever their permissions. Plain links: both start document navigations
 * (the profile through a new settings flow, logout through the route guard), which must
 * never be prefetched.
 */
export function UserMenu({ user }: { user?: ShellUser }) {
  const t = useTranslations('menu');
  return (
    <div className={styles.user}>
      {user && (
        <p className={styles.identity}>
          {user.name && <span className={styles.userName}>{user.name}</span>}
          <span className={styles.userEmail}>{user.email}</span>
        </p>
      )}
      <ul>
        {USER_ENTRIES.map((entry) => (
          <li key={entry.key}>
            {entry.key === 'support' ? (
              <SupportLink href={entry.href}>{t(entry.key)}</SupportLink>
            ) : (
              <MenuLink href={entry.href} plain>
                {t(entry.key)}
              </MenuLink>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
