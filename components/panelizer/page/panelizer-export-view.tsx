'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { fetchPanelizerExportPoints } from '@/lib/client/api/panelizer-points';
import type { PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import type { PanelizerExportDto } from '@/lib/shared/schemas/panelizer';
import { PanelizerEditor } from '../editor/panelizer-editor';
import { ExportFiles, ResultsTable } from './results-panel';
import styles from './panelizer-page.module.css';

/** `?export={id}`: the frozen document and its results, read-only, with the export's files. */
export function PanelizerExportView({ missionId, exported, mayEdit }: { missionId: number; exported: PanelizerExportDto; mayEdit: boolean }) {
  const t = useTranslations('panelizer.page');
  const loadPoints = useCallback((query: PanelizerPointsQuery, signal: AbortSignal) => fetchPanelizerExportPoints(exported.id, query, signal), [exported.id]);
  return (
    <PanelizerEditor
      initial={exported.document}
      readOnly
      loadPoints={loadPoints}
      header={
        <div className={styles.title}>
          <Link href={mayEdit ? `/mission/${missionId}/panelizer?project=${exported.projectId}` : `/mission/${missionId}`}>{mayEdit ? t('backToProject') : t('backToMission')}</Link>
          <h1>{t('exportTitle', { name: exported.name, number: exported.number })}</h1>
          <p className={styles.readOnly} data-testid="panelizer-read-only">
            {exported.published ? t('readOnlyPublished') : t('readOnly')}
          </p>
        </div>
      }
      aside={() => (
        <aside className={styles.results} aria-label={t('results.title')}>
          <h2>{t('results.title')}</h2>
          <ResultsTable results={exported.results} />
          <ExportFiles files={exported.files} />
        </aside>
      )}
    />
  );
}
