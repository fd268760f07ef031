'use client';

import { useTranslations } from 'next-intl';
import { useDateText } from '@/lib/i18n/date-text';
import { useEffect } from 'react';
import { panelizer } from '@/lib/client/api/panelizer';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { PanelizerProjectSummaryDto } from '@/lib/shared/schemas/panelizer';
import styles from './stosim.module.css';

/** A project's exports, newest first, each with "publish" (or "unpublish" for the published one) and its PDF. */
export function ProjectExports({ project, reloads, pending, act }: {
  project: PanelizerProjectSummaryDto;
  /** Counts the section's actions, so a new export shows at once. */
  reloads: number;
  pending: boolean;
  act: (key: string, run: () => Promise<unknown>, failed: string) => Promise<void>;
}) {
  const t = useTranslations('missions.detail.stosim');
  const dateText = useDateText();
  const { data, mutate } = useEndpoint(panelizer.listPanelizerExports, { params: { id: project.id } });
  useEffect(() => {
    if (reloads > 0) void mutate();
  }, [reloads, mutate]);
  if (!data) return null;
  if (data.items.length === 0) return <span className={styles.muted}>{t('noExports')}</span>;
  return (
    <ul className={styles.exports} data-testid={`stosim-exports-${project.id}`}>
      {data.items.map((e) => (
        <li key={e.id}>
          <span>{t('exportLabel', { number: e.number, date: dateText(e.createdAt) })}</span>
          <a href={e.files.pdf} download>PDF</a>
          {e.published ? (
            <button type="button" disabled={pending} onClick={() => void act(`unpublish-${e.id}`, () => panelizer.unpublishPanelizerExport({ params: { id: e.id } }), 'unpublish').then(() => mutate())}>
              {t('unpublish')}
            </button>
          ) : (
            <button type="button" disabled={pending} onClick={() => void act(`publish-${e.id}`, () => panelizer.publishPanelizerExport({ params: { id: e.id } }), 'publish').then(() => mutate())}>
              {t('publish')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
