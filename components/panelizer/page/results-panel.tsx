'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { panelizer } from '@/lib/client/api/panelizer';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import { panelizerResults, type PanelizerResults, type PanelizerTotals } from '@/lib/shared/panelizer/results';
import { PANELIZER_FILE_FORMATS, type PanelizerExportSummaryDto } from '@/lib/shared/schemas/panelizer';
import type { AfterSave } from '../editor/use-autosave';
import { useDecimal } from '@/components/ui/use-decimal';
import styles from './panelizer-page.module.css';

const COLUMNS = ['gross', 'openingsArea', 'openingsCount', 'net', 'revealLength'] as const;

function Cells({ totals, testId }: { totals: PanelizerTotals; testId?: string }) {
  const format = useFormatter();
  return (
    <>
      {COLUMNS.map((c) => (
        <td key={c} data-testid={testId ? `${testId}-${c}` : undefined} data-value={totals[c]}>
          {c === 'openingsCount' ? totals[c] : format.number(totals[c], { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        </td>
      ))}
    </>
  );
}

/**
 * The facade schedule (issue 19 point 6): per floor and per elevation the gross area, openings
 * area and count, net area and reveal length, and the building's totals (balconies apart).
 */
export function ResultsTable({ results }: { results: PanelizerResults }) {
  const t = useTranslations('panelizer.page.results');
  const te = useTranslations('panelizer.editor');
  const decimal = useDecimal();
  const facadeName = (f: PanelizerResults['facades'][number]) => `${te(`elevations.direction.${f.direction}`)}${f.index > 1 ? ` ${f.index}` : ''}`;
  const head = (
    <thead>
      <tr>
        <th scope="col">{t('part')}</th>
        {COLUMNS.map((c) => (
          <th key={c} scope="col">
            {t(`column.${c}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
  return (
    <div className={styles.tables}>
      <table data-testid="panelizer-results">
        <caption>{t('byFloor')}</caption>
        {head}
        <tbody>
          {[...results.floors].reverse().map((f) => (
            <tr key={f.id}>
              <th scope="row">{f.name ?? te('floorList.floor', { number: f.index + 1 })}</th>
              <Cells totals={f} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('total')}</th>
            <Cells totals={results.totals} testId="panelizer-total" />
          </tr>
          {results.balconies.gross > 0 ? (
            <tr>
              <th scope="row">{t('balconies')}</th>
              <Cells totals={results.balconies} />
            </tr>
          ) : null}
        </tfoot>
      </table>
      <table>
        <caption>{t('byFacade')}</caption>
        {head}
        <tbody>
          {results.facades.map((f) => (
            <tr key={f.id}>
              <th scope="row">
                {facadeName(f)}
                {f.kind === 'balcony' ? ` (${te('elevations.kind.balcony')})` : ''}
              </th>
              <Cells totals={f} />
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>{t('byElevation', { count: results.elevations.length })}</summary>
        <table>
          {head}
          <tbody>
            {results.elevations.map((e) => {
              const facade = results.facades.find((f) => f.id === e.facadeId);
              return (
                <tr key={e.id}>
                  <th scope="row">{t('elevation', { floor: e.floorIndex + 1, facade: facade ? facadeName(facade) : '', length: decimal(e.length) })}</th>
                  <Cells totals={e} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </div>
  );
}

export function ExportFiles({ files }: { files: PanelizerExportSummaryDto['files'] }) {
  const t = useTranslations('panelizer.page.results');
  const formats = PANELIZER_FILE_FORMATS.filter((f) => files[f]);
  if (formats.length === 0) return null;
  return (
    <ul className={styles.files} aria-label={t('files')}>
      {formats.map((f) => (
        <li key={f}>
          <a href={files[f]} download>
            {t(`file.${f}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The live schedule of the document being edited, and making an export of it: after the pending
 * save, so the export holds what the user sees (the server exports the saved document).
 */
export function ResultsPanel({ doc, projectId, missionId, afterSave, onExported }: { doc: PanelizerDocument; projectId: string; missionId: number; afterSave: AfterSave; onExported: () => void }) {
  const t = useTranslations('panelizer.page.results');
  const results = useMemo(() => panelizerResults(doc), [doc]);
  const [made, setMade] = useState<PanelizerExportSummaryDto | null>(null);
  const [state, setState] = useState<'idle' | 'pending' | 'failed' | 'unsaved'>('idle');
  const exportNow = () => {
    setState('pending');
    let created: PanelizerExportSummaryDto | null = null;
    afterSave(async () => {
      created = await panelizer.createPanelizerExport({ params: { id: projectId } });
      return null;
    }).then(
      (saved) => {
        if (!saved || !created) return setState('unsaved');
        setMade(created);
        setState('idle');
        onExported();
      },
      () => setState('failed'),
    );
  };
  return (
    <aside className={styles.results} aria-label={t('title')}>
      <h2>{t('title')}</h2>
      <ResultsTable results={results} />
      <div className={styles.exportRow}>
        <button type="button" onClick={exportNow} disabled={state === 'pending'}>
          {t('export')}
        </button>
        <p className={styles.help}>{t('exportHelp')}</p>
        {state === 'failed' ? <p role="alert">{t('exportFailed')}</p> : null}
        {state === 'unsaved' ? <p role="alert">{t('exportUnsaved')}</p> : null}
        {made ? (
          <div role="status">
            <a href={`/mission/${missionId}/panelizer?export=${made.id}`}>{t('openExport', { number: made.number })}</a>
            <ExportFiles files={made.files} />
          </div>
        ) : null}
      </div>
    </aside>
  );
}
