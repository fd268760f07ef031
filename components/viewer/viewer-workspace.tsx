'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { ViewerEngineProps, EngineStatus } from './engine/engine-types';
import { SettingsPanel } from './settings-panel';
import { useViewerSettings } from './use-viewer-settings';
import { ViewerFailure } from './viewer-failure';
import { hasWebgl } from './webgl';
import styles from './viewer.module.css';

type EngineLoad = { kind: 'loading' } | { kind: 'loaded'; Engine: ComponentType<ViewerEngineProps> } | { kind: 'failed' };

/**
 * The viewer once the cloud exists: the 3D engine (three, r3f, potree-core) is imported only here,
 * after the page painted, so the route's own JavaScript stays small; settings live beside it.
 */
export function ViewerWorkspace({ missionId, missionName, userId }: { missionId: number; missionName: string; userId: string }) {
  const t = useTranslations('viewer');
  const format = useFormatter();
  const { settings, update, reset } = useViewerSettings(userId);
  const [webgl, setWebgl] = useState<boolean | null>(null);
  const [load, setLoad] = useState<EngineLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<EngineStatus>({ phase: 'loading', pointsDrawn: 0 });

  useEffect(() => setWebgl(hasWebgl()), []);

  useEffect(() => {
    if (!webgl) return;
    let live = true;
    setLoad({ kind: 'loading' });
    import('./engine/viewer-engine').then(
      (module) => live && setLoad({ kind: 'loaded', Engine: module.ViewerEngine }),
      () => live && setLoad({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [webgl, attempt]);

  const retry = useCallback(() => {
    setStatus({ phase: 'loading', pointsDrawn: 0 });
    setAttempt((n) => n + 1);
  }, []);

  const header = (
    <header className={styles.header}>
      <h1 className={styles.title}>{t('title', { name: missionName })}</h1>
      <Link href={`/mission/${missionId}`} className={styles.link}>
        {t('backToMission')}
      </Link>
    </header>
  );

  if (webgl === false) return <>{header}<ViewerFailure kind="noWebgl" /></>;
  if (load.kind === 'failed') return <>{header}<ViewerFailure kind="dependencies" onRetry={retry} /></>;
  const failed = status.phase === 'pointcloudFailed' ? 'pointcloud' : status.phase === 'initFailed' ? 'initialise' : null;

  return (
    <div className={styles.workspace} data-background={settings.background}>
      {load.kind === 'loaded' && !failed && <load.Engine key={attempt} missionId={missionId} settings={settings} onStatus={setStatus} />}
      {header}
      {failed && <ViewerFailure kind={failed} onRetry={retry} />}
      {!failed && (
        <p className={styles.status} data-testid="viewer-status" data-phase={status.phase} data-points={status.pointsDrawn}>
          {load.kind === 'loading'
            ? t('loadingEngine')
            : status.phase === 'loading'
              ? t('loadingCloud')
              : t('pointsDrawn', { points: format.number(status.pointsDrawn), budget: format.number(settings.pointBudget) })}
        </p>
      )}
      <p className={styles.hint}>{t('navigation')}</p>
      <SettingsPanel settings={settings} onChange={update} onReset={reset} />
    </div>
  );
}
