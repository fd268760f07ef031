'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { missionExports } from '@/lib/client/api/mission-exports';
import { ApiError } from '@/lib/client/fetcher';
import { download } from '@/lib/client/download';
import type { MissionExportDto, MissionExportFormat } from '@/lib/shared/api/endpoints/mission-exports';
import type { MissionListFilters } from '@/lib/shared/schemas/mission-view';
import styles from './mission-list.module.css';

/** How often the button asks whether the file is ready. */
export const EXPORT_POLL_MS = 1000;

type Phase = { kind: 'idle' } | { kind: 'running'; id: string } | { kind: 'ready'; url: string; fileName: string };

/**
 * spec §2 project list "Export All": the current filter as CSV or XLSX. The file is made by a
 * background job; the button says 'Export in progress' until it is ready, then the download starts.
 */
export function ExportButton({ filters }: { filters: Partial<MissionListFilters> }) {
  const t = useTranslations('projectList.export');
  const notify = useNotify();
  const [format, setFormat] = useState<MissionExportFormat>('csv');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = (err?: unknown) => {
    setPhase({ kind: 'idle' });
    notify({ type: 'error', text: err instanceof ApiError && err.status === 403 ? t('notAllowed') : t('failed') });
  };

  const settle = (state: MissionExportDto) => {
    if (state.state === 'succeeded' && state.downloadUrl && state.fileName) {
      setPhase({ kind: 'ready', url: state.downloadUrl, fileName: state.fileName });
      notify({ type: 'success', text: t('ready', { rows: state.rows ?? 0 }) });
      download(state.downloadUrl, state.fileName);
    } else if (state.state === 'failed' || state.state === 'cancelled') {
      fail();
    } else {
      setPhase({ kind: 'running', id: state.id });
      timer.current = setTimeout(() => void poll(state.id), EXPORT_POLL_MS);
    }
  };

  const poll = async (id: string) => {
    try {
      settle(await missionExports.getMissionExport({ params: { id } }));
    } catch (err) {
      fail(err);
    }
  };

  const start = async () => {
    setPhase({ kind: 'running', id: '' });
    try {
      settle(await missionExports.startMissionExport({ body: { format, filters } }));
    } catch (err) {
      fail(err);
    }
  };

  const running = phase.kind === 'running';
  return (
    <div className={styles.export}>
      <label className={styles.sort}>
        <span>{t('format')}</span>
        <select value={format} onChange={(e) => setFormat(e.target.value as MissionExportFormat)} disabled={running}>
          <option value="csv">{t('formats.csv')}</option>
          <option value="xlsx">{t('formats.xlsx')}</option>
        </select>
      </label>
      <button type="button" className={styles.primary} onClick={() => void start()} disabled={running} aria-busy={running}>
        {running ? t('inProgress') : t('all')}
      </button>
      {phase.kind === 'ready' && (
        <a href={phase.url} download={phase.fileName}>
          {t('download', { fileName: phase.fileName })}
        </a>
      )}
    </div>
  );
}
