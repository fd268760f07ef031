'use client';

import { Link } from '@/components/ui/link';
import { PopoverDetails } from '@/components/ui/popover-details';
import { useTranslations } from 'next-intl';
import { useDateText } from '@/lib/i18n/date-text';
import { useEffect, useState, type FormEvent } from 'react';
import { panelizer } from '@/lib/client/api/panelizer';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { panelizerProjectNameSchema } from '@/lib/shared/schemas/panelizer';
import type { AfterSave } from '../editor/use-autosave';
import styles from './panelizer-page.module.css';

/**
 * The project's verbs above the editor, as the mission's StoSim section offers them: rename, and
 * the project's exports with publish or unpublish. A rename runs after the pending save, with the
 * version it answered, and hands the new version back to the autosave (a rename is a new
 * version too); publishing does not change the version.
 */
export function ProjectToolbar({ missionId, projectId, name: initialName, afterSave, exportsChanged }: {
  missionId: number;
  projectId: string;
  name: string;
  afterSave: AfterSave;
  /** Counts the exports made from the results panel, so the list shows them at once. */
  exportsChanged: number;
}) {
  const t = useTranslations('panelizer.page.toolbar');
  const tp = useTranslations('panelizer.page');
  const dateText = useDateText();
  const [name, setName] = useState(initialName);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { data, mutate } = useEndpoint(panelizer.listPanelizerExports, { params: { id: projectId } });
  useEffect(() => {
    if (exportsChanged > 0) void mutate();
  }, [exportsChanged, mutate]);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = panelizerProjectNameSchema.safeParse(renaming ?? '');
    if (!parsed.success) return setFailure(tp('nameRequired'));
    setPending(true);
    setFailure(null);
    try {
      const saved = await afterSave(async (version) => (await panelizer.renamePanelizerProject({ params: { id: projectId }, body: { version, name: parsed.data } })).version);
      if (!saved) return setFailure(t('failures.unsaved'));
      setName(parsed.data);
      setRenaming(null);
    } catch {
      setFailure(t('failures.rename'));
    } finally {
      setPending(false);
    }
  }

  async function publish(exportId: string, published: boolean) {
    setPending(true);
    setFailure(null);
    try {
      if (published) await panelizer.unpublishPanelizerExport({ params: { id: exportId } });
      else await panelizer.publishPanelizerExport({ params: { id: exportId } });
    } catch {
      setFailure(t(published ? 'failures.unpublish' : 'failures.publish'));
    } finally {
      setPending(false);
      void mutate();
    }
  }

  const exports = data?.items ?? [];
  return (
    <div className={styles.title}>
      <Link href={`/mission/${missionId}/panelizer`}>{tp('allProjects')}</Link>
      {renaming === null ? (
        <>
          <h1>{name}</h1>
          <button type="button" disabled={pending} onClick={() => setRenaming(name)}>
            {t('rename')}
          </button>
        </>
      ) : (
        <form className={styles.create} onSubmit={(e) => void rename(e)}>
          <label>
            {t('name')}
            <input value={renaming} maxLength={120} autoFocus onChange={(e) => setRenaming(e.target.value)} />
          </label>
          <button type="submit" disabled={pending}>
            {t('save')}
          </button>
          <button
            type="button"
            onClick={() => {
              setRenaming(null);
              setFailure(null);
            }}
          >
            {t('cancel')}
          </button>
        </form>
      )}
      {data ? (
        <div data-testid="panelizer-toolbar-exports">
          {/* Kept inside the viewport (also when the window changes) and closed by Escape. */}
          <PopoverDetails className={styles.exportsMenu} summary={<summary>{t('exports', { count: exports.length })}</summary>}>
            <div className={styles.exportsPanel} data-popover-panel>
              {exports.length === 0 ? (
                <p className={styles.help}>{t('noExports')}</p>
              ) : (
                <ul>
                  {exports.map((e) => (
                    <li key={e.id}>
                      <a href={`/mission/${missionId}/panelizer?export=${e.id}`}>
                        {t('exportLabel', { number: e.number, date: dateText(e.createdAt) })}
                      </a>
                      {e.published ? <span className={styles.readOnly}>{t('published')}</span> : null}
                      <button type="button" disabled={pending} onClick={() => void publish(e.id, e.published)} aria-label={t(e.published ? 'unpublishOne' : 'publishOne', { number: e.number })}>
                        {t(e.published ? 'unpublish' : 'publish')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </PopoverDetails>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}
