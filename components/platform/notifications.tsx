'use client';

import { useLocale, useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { platform } from '@/lib/client/api/platform';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { isLocale } from '@/lib/shared/locale';
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
 * dismissed broadcast stays hidden in this browser.
 */
export function NotificationsProvider({ channel, children }: { channel: Channel; children: ReactNode }) {
  const t = useTranslations('notifications');
  const locale = useLocale();
  const [local, setLocal] = useState<Notice[]>([]);
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  const counter = useRef(0);
  const { data } = useEndpoint(platform.notifications, { query: { channel, locale: isLocale(locale) ? locale : undefined } }, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: (err: unknown) => console.error('Failed to load notifications', err),
  });

  useEffect(() => setDismissed(dismissedBroadcasts()), []);

  const dismiss = useCallback((id: string) => {
    if (id.startsWith('broadcast-')) rememberDismissed(id);
    setDismissed((previous) => new Set(previous).add(id));
    setLocal((previous) => previous.filter((n) => n.id !== id));
  }, []);

  const notify = useCallback((input: NotifyInput) => {
    const type = input.type ?? 'info';
    counter.current += 1;
    const notice: Notice = { id: `local-${counter.current}`, text: input.text, type, duration: input.duration === undefined ? DEFAULT_DURATION[type] : input.duration };
    setLocal((previous) => [...previous, notice]);
  }, []);

  const visible = useMemo(() => {
    const broadcasts: Notice[] = (data?.items ?? []).map((n) => ({ id: `broadcast-${n.id}`, text: n.text, type: n.type, duration: n.duration }));
    return [...broadcasts, ...local].filter((n) => !dismissed.has(n.id));
  }, [data, local, dismissed]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <div className={styles.region} aria-label={t('region')}>
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
