'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Point3 } from '@/lib/shared/measurements/maths';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import { useMeasureText } from './measure-text';
import { PhoneFold } from './phone-fold';
import { canFinish, isFull, TOOLS, type Draft, type Tool } from './tools';
import type { useMeasurements } from './use-measurements';
import { isVolumeKind } from './volume-data';
import styles from './viewer.module.css';

type Store = ReturnType<typeof useMeasurements>;

/**
 * The side panel of the viewer's saved items (issue 16): the tools for those who may edit the
 * mission, the measurement being made (points picked in the cloud or typed as coordinates), and
 * the list — rename, hide, delete, fly to — with undo and redo of this session's changes.
 */
export function MeasurementsPanel({
  store,
  canEdit,
  unit,
  draft,
  onDraft,
  onAddPoint,
  onFinish,
  selected,
  onFlyTo,
  onAddVolume,
  editing,
  onEdit,
  editor,
  exportLinks,
}: {
  store: Store;
  canEdit: boolean;
  unit: LengthUnit;
  draft: Draft | null;
  onDraft: (draft: Draft | null) => void;
  onAddPoint: (point: Point3) => void;
  onFinish: (annotation?: { title: string; text: string }) => void;
  /** The item last flown to (a deep link names it). */
  selected: number | null;
  onFlyTo: (item: MeasurementDto) => void;
  /** Adds a clip box or slice (saved at once) and opens it for editing. */
  onAddVolume: (kind: 'clip-box' | 'slice') => void;
  /** The clip box or slice being edited, and its editor (shown under its row). */
  editing: number | null;
  onEdit: (item: MeasurementDto) => void;
  editor: ReactNode;
  /** Downloads of all items (CSV, GeoJSON, DXF). */
  exportLinks?: ReactNode;
}) {
  const t = useTranslations('viewer.items');
  const measure = useMeasureText(unit);

  return (
    <aside className={styles.items} aria-label={t('title')} data-testid="viewer-items">
      <h2 className={styles.settingsTitle}>{t('title')}</h2>
      {/* Outside the fold: a phone shows the failure with the panel folded too. */}
      {store.loadFailed && (
        <p role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className={styles.button} onClick={store.reload}>
            {t('retry')}
          </button>
        </p>
      )}
      <PhoneFold show={t('show')} hide={t('hide')}>
        {canEdit && (
          <div className={styles.toolbar} role="toolbar" aria-label={t('tools')}>
            {TOOLS.map((tool) => (
              <button
                key={tool}
                type="button"
                className={styles.button}
                aria-pressed={draft?.tool === tool}
                onClick={() => onDraft(draft?.tool === tool ? null : { tool, points: [] })}
              >
                {t(`tool.${tool}`)}
              </button>
            ))}
            {(['clip-box', 'slice'] as const).map((kind) => (
              <button key={kind} type="button" className={styles.button} disabled={store.busy} onClick={() => onAddVolume(kind)}>
                {t(`add.${kind}`)}
              </button>
            ))}
            <button type="button" className={styles.button} disabled={!store.canUndo || store.busy} onClick={store.undo}>
              {t('undo')}
            </button>
            <button type="button" className={styles.button} disabled={!store.canRedo || store.busy} onClick={store.redo}>
              {t('redo')}
            </button>
          </div>
        )}
        {draft && <DraftEditor draft={draft} text={measure(draft.tool, draft.points)} busy={store.busy} onAddPoint={onAddPoint} onFinish={onFinish} onCancel={() => onDraft(null)} />}
        {!store.loading && !store.loadFailed && store.items.length === 0 && <p>{t('none')}</p>}
        <ul className={styles.itemList}>
          {store.items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              selected={item.id === selected}
              text={measure(item.kind, item.points)}
              canEdit={canEdit}
              store={store}
              onFlyTo={() => onFlyTo(item)}
              onEdit={isVolumeKind(item.kind) && editing !== item.id ? () => onEdit(item) : undefined}
              editor={editing === item.id ? editor : null}
            />
          ))}
        </ul>
        {exportLinks}
      </PhoneFold>
    </aside>
  );
}

function ItemRow({
  item,
  selected,
  text,
  canEdit,
  store,
  onFlyTo,
  onEdit,
  editor,
}: {
  item: MeasurementDto;
  selected: boolean;
  text: string;
  canEdit: boolean;
  store: Store;
  onFlyTo: () => void;
  onEdit?: () => void;
  editor: ReactNode;
}) {
  const t = useTranslations('viewer.items');
  const [renaming, setRenaming] = useState<string | null>(null);
  const id = useId();
  const kind = t(`kind.${item.kind}` as 'kind.distance');
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (renaming !== null && renaming.trim() !== '' && (await store.change(item.id, { name: renaming.trim() }))) setRenaming(null);
  };
  return (
    <li className={styles.item} data-testid="viewer-item" data-kind={item.kind} aria-current={selected || undefined}>
      {renaming === null ? (
        <span className={styles.itemName}>{item.name}</span>
      ) : (
        <form onSubmit={rename} className={styles.inline}>
          <label htmlFor={`${id}-name`} className={styles.visuallyHidden}>
            {t('name')}
          </label>
          <input id={`${id}-name`} value={renaming} maxLength={200} onChange={(e) => setRenaming(e.target.value)} autoFocus />
          <button type="submit" className={styles.button} disabled={store.busy}>
            {t('save')}
          </button>
          <button type="button" className={styles.button} onClick={() => setRenaming(null)}>
            {t('cancel')}
          </button>
        </form>
      )}
      <span className={styles.itemKind}>{kind}</span>
      {text && <span data-testid="viewer-item-measure">{text}</span>}
      {item.kind === 'annotation' && typeof item.data.title === 'string' && (
        <span>
          <strong>{item.data.title}</strong>
          {typeof item.data.text === 'string' && item.data.text !== '' && ` — ${item.data.text}`}
        </span>
      )}
      <div className={styles.inline}>
        <button type="button" className={styles.button} onClick={onFlyTo} aria-label={t('flyToItem', { name: item.name })}>
          {t('flyTo')}
        </button>
        {canEdit && (
          <>
            <input
              id={`${id}-visible`}
              type="checkbox"
              checked={item.visible}
              disabled={store.busy}
              onChange={(e) => void store.change(item.id, { visible: e.target.checked })}
            />
            <label htmlFor={`${id}-visible`}>{t('visible')}</label>
            {onEdit && (
              <button type="button" className={styles.button} onClick={onEdit} aria-label={t('editItem', { name: item.name })}>
                {t('edit')}
              </button>
            )}
            <button type="button" className={styles.button} onClick={() => setRenaming(item.name)} aria-label={t('renameItem', { name: item.name })}>
              {t('rename')}
            </button>
            <button type="button" className={styles.button} disabled={store.busy} onClick={() => void store.remove(item.id)} aria-label={t('deleteItem', { name: item.name })}>
              {t('delete')}
            </button>
          </>
        )}
      </div>
      {editor}
    </li>
  );
}

function DraftEditor({
  draft,
  text,
  busy,
  onAddPoint,
  onFinish,
  onCancel,
}: {
  draft: Draft;
  text: string;
  busy: boolean;
  onAddPoint: (point: Point3) => void;
  onFinish: (annotation?: { title: string; text: string }) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('viewer.items');
  const id = useId();
  const [coords, setCoords] = useState({ x: '', y: '', z: '' });
  const [note, setNote] = useState({ title: '', text: '' });
  const annotation = draft.tool === 'annotation';
  const tool: Tool = draft.tool;

  const add = (e: FormEvent) => {
    e.preventDefault();
    const p = [coords.x, coords.y, coords.z].map((v) => Number(v.replace(',', '.')));
    if (p.some((v) => !Number.isFinite(v)) || [coords.x, coords.y, coords.z].some((v) => v.trim() === '')) return;
    onAddPoint(p as unknown as Point3);
    setCoords({ x: '', y: '', z: '' });
  };

  return (
    <section className={styles.draft} aria-label={t(`tool.${tool}`)} data-testid="viewer-draft">
      <p>{t(`hint.${tool}`)}</p>
      <p data-testid="viewer-draft-points">{t('pointsPicked', { count: draft.points.length })}</p>
      {text && <p data-testid="viewer-draft-measure">{text}</p>}
      {!isFull(draft) && (
        <form onSubmit={add} className={styles.coords} aria-label={t('typePoint')}>
          {(['x', 'y', 'z'] as const).map((axis) => (
            <span key={axis} className={styles.inline}>
              <label htmlFor={`${id}-${axis}`}>{t(`axis.${axis}`)}</label>
              <input id={`${id}-${axis}`} inputMode="decimal" size={12} value={coords[axis]} onChange={(e) => setCoords({ ...coords, [axis]: e.target.value })} />
            </span>
          ))}
          <button type="submit" className={styles.button}>
            {t('addPoint')}
          </button>
        </form>
      )}
      {annotation && isFull(draft) && (
        <div className={styles.coords}>
          <label htmlFor={`${id}-title`}>{t('annotationTitle')}</label>
          <input id={`${id}-title`} maxLength={200} value={note.title} onChange={(e) => setNote({ ...note, title: e.target.value })} />
          <label htmlFor={`${id}-text`}>{t('annotationText')}</label>
          <textarea id={`${id}-text`} rows={3} maxLength={5000} value={note.text} onChange={(e) => setNote({ ...note, text: e.target.value })} />
        </div>
      )}
      <div className={styles.inline}>
        <button
          type="button"
          className={styles.button}
          disabled={busy || !canFinish(draft) || (annotation && note.title.trim() === '')}
          onClick={() => onFinish(annotation ? { title: note.title.trim(), text: note.text.trim() } : undefined)}
        >
          {t('finish')}
        </button>
        <button type="button" className={styles.button} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
