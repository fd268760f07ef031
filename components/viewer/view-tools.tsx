'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import type { EngineApi } from './engine/engine-types';
import { NAVIGATION_MODES, type NavigationMode } from './navigation-modes';
import { PhoneFold } from './phone-fold';
import { STANDARD_VIEWS } from './standard-view-names';
import styles from './viewer.module.css';

/** The largest screenshot side: what WebGL canvases reliably render in one piece. */
export const SCREENSHOT_MAX = 8192;

/**
 * spec §2 viewer tools for the view: the six standard views, focus on the point cloud, the
 * orthographic camera toggle and the screenshot (PNG at the window's size or a chosen one).
 */
export function ViewTools({
  api,
  missionId,
  orthographic,
  onOrthographic,
  navigation,
  onNavigation,
}: {
  api: EngineApi;
  missionId: number;
  orthographic: boolean;
  onOrthographic: (on: boolean) => void;
  navigation: NavigationMode;
  onNavigation: (mode: NavigationMode) => void;
}) {
  const t = useTranslations('viewer.view');
  const notify = useNotify();
  const id = useId();
  const [size, setSize] = useState({ width: '', height: '' });

  const screenshot = async (e: FormEvent) => {
    e.preventDefault();
    const width = Number(size.width);
    const height = Number(size.height);
    const chosen = size.width !== '' || size.height !== '';
    if (chosen && !(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 && width <= SCREENSHOT_MAX && height <= SCREENSHOT_MAX)) {
      notify({ type: 'error', text: t('sizeInvalid', { max: SCREENSHOT_MAX }) });
      return;
    }
    try {
      const blob = await api.screenshot(chosen ? { width, height } : undefined);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `mission-${missionId}-view.png`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      notify({ type: 'error', text: t('screenshotFailed') });
    }
  };

  return (
    <nav className={styles.viewTools} aria-label={t('title')}>
      <PhoneFold show={t('show')} hide={t('hide')}>
        <div className={styles.inline}>
          {STANDARD_VIEWS.map((view) => (
            <button key={view} type="button" className={styles.button} onClick={() => api.standardView(view)}>
              {t(view)}
            </button>
          ))}
          <button type="button" className={styles.button} onClick={() => api.focus()}>
            {t('focus')}
          </button>
          <button type="button" className={styles.button} aria-pressed={orthographic} onClick={() => onOrthographic(!orthographic)}>
            {t('orthographic')}
          </button>
          <label htmlFor={`${id}-navigation`}>{t('navigation')}</label>
          <select id={`${id}-navigation`} value={navigation} onChange={(e) => onNavigation(NAVIGATION_MODES.find((m) => m === e.target.value) ?? 'orbit')}>
            {NAVIGATION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`navigationModes.${mode}`)}
              </option>
            ))}
          </select>
        </div>
        <form className={styles.inline} onSubmit={screenshot}>
          <label htmlFor={`${id}-w`}>{t('width')}</label>
          <input id={`${id}-w`} inputMode="numeric" size={5} value={size.width} placeholder={t('windowSize')} onChange={(e) => setSize({ ...size, width: e.target.value })} />
          <label htmlFor={`${id}-h`}>{t('height')}</label>
          <input id={`${id}-h`} inputMode="numeric" size={5} value={size.height} placeholder={t('windowSize')} onChange={(e) => setSize({ ...size, height: e.target.value })} />
          <button type="submit" className={styles.button}>
            {t('screenshot')}
          </button>
        </form>
      </PhoneFold>
    </nav>
  );
}
