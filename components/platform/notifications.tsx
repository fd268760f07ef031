'use client';

import { useTranslations } from 'next-intl';
import { browserOnly } from './browser-only';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { myNotifications } from '@/lib/client/api/my-notifications';
import { pushNotice, visibleNotices } from './notice-stack';
import type { ServerNotice } from './server-notices';
import styles from './notifications.module.css';

export type NotificationType = 'error' | 'info' | 'success' | 'warning';
export type Channel = 'global' | 'auth';

export interface Notice {
  id: string;
  text: string;
  type: NotificationType;
  /** Milliseconds until it hides itself; null keeps it until dismissed. */
  duration: number | null;
}

interface NotifyInput {
  text: string;
  type?: NotificationType;
  duration?: number | null;
}

const DEFAULT_DURATION: Record<NotificationType, number | null> = { success: 5000, info: 6000, warning: 10_000, error: null };
const DISMISSED_KEY = 'argus.dismissedNotifications';

// What the server has to say loads after the page (with SWR): the provider itself, which every
// page's features raise their toasts through, stays small.
const ServerNotices = browserOnly(() => import('./server-notices').then((m) => m.ServerNotices));

const NotifyContext = createContext<(input: NotifyInput) => void>(() => {});

/** Features report success and failure through this: `const notify = useNotify(); notify({ type: 'error', text })`. */
export const useNotify = () => useContext(NotifyContext);

function dismissedBroadcasts(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function rememberDismissed(id: string) {
  const ids = [...dismissedBroadcasts(), id].slice(-200);
  localStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
}

/**
 * Spec §3 notifications: toasts raised by features plus the server's active broadcasts of this
 * channel (global in the shell, auth on the sign-in screens). Dismissing hides a notice; a
 * dismissed broadcast stays hidden in this browser. In the shell (channel global, a signed-in
 * user) the user's personal notifications come too, read every 15 s; dismissing one dismisses it
 * on the server, so it stays dismissed everywhere.
 */
export function NotificationsProvider({ channel, children }: { channel: Channel; children: ReactNode }) {
  const t = useTranslations('notifications');
  const [local, setLocal] = useState<Notice[]>([]);
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  const [server, setServer] = useState<{ broadcasts: ServerNotice[]; personal: ServerNotice[] }>({ broadcasts: [], personal: [] });
  const counter = useRef(0);

  const dismiss = useCallback(
    (id: string) => {
      if (id.startsWith('broadcast-')) rememberDismissed(id);
      setDismissed((previous) => new Set(previous).add(id));
      setLocal((previous) => previous.filter((n) => n.id !== id));
      if (id.startsWith('personal-')) {
        myNotifications.dismissMyNotification({ params: { id: Number(id.slice('personal-'.length)) } }).catch(() => {
          // Shown again so it is not lost, with a word why.
          setDismissed((previous) => {
            const next = new Set(previous);
            next.delete(id);
            return next;
          });
          counter.current += 1;
          setLocal((previous) => pushNotice(previous, { id: `local-${counter.current}`, text: t('dismissFailed'), type: 'error', duration: DEFAULT_DURATION.warning }));
        });
      }
    },
    [t],
  );

  const notify = useCallback((input: NotifyInput) => {
    const type = input.type ?? 'info';
    counter.current += 1;
    const notice: Notice = { id: `local-${counter.current}`, text: input.text, type, duration: input.duration === undefined ? DEFAULT_DURATION[type] : input.duration };
    setLocal((previous) => pushNotice(previous, notice));
  }, []);

  const visible = useMemo(() => {
    // Read only when there are broadcasts: a page's first localStorage read waits for the storage to
    // load (12 ms at full speed), and on every page it lengthened the task running the hydrated page's effects.
    const stored = server.broadcasts.length ? dismissedBroadcasts() : null;
    const broadcasts: Notice[] = server.broadcasts
      .map((n) => ({ id: `broadcast-${n.id}`, text: n.text, type: n.type, duration: n.duration }))
      .filter((n) => !stored?.has(n.id));
    // A personal notice stays until its reader dismisses it (hiding it on a timer would dismiss it on the server unseen).
    const mine: Notice[] = server.personal.map((n) => ({ id: `personal-${n.id}`, text: n.text, type: n.type, duration: null }));
    return visibleNotices([...broadcasts, ...mine, ...local].filter((n) => !dismissed.has(n.id)));
  }, [server, local, dismissed]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <ServerNotices channel={channel} onChange={setServer} />
      {/* A named region landmark: aria-label is not allowed on a plain div (axe aria-prohibited-attr). */}
      <div className={styles.region} role="region" aria-label={t('region')} data-notices>
        {visible.map((notice) => (
          <Toast key={notice.id} notice={notice} onDismiss={dismiss} dismissLabel={t('dismiss')} />
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

function Toast({ notice, onDismiss, dismissLabel }: { notice: Notice; onDismiss: (id: string) => void; dismissLabel: string }) {
  useEffect(() => {
    if (notice.duration === null) return;
    const timer = setTimeout(() => onDismiss(notice.id), notice.duration);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  return (
    <div className={`${styles.toast} ${styles[notice.type]}`} role={notice.type === 'error' ? 'alert' : 'status'} data-type={notice.type}>
      <span className={styles.text}>{notice.text}</span>
      <button type="button" className={styles.close} onClick={() => onDismiss(notice.id)} aria-label={dismissLabel}>
        ×
      </button>
    </div>
  );
}
