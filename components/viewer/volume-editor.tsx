'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { clipBoxData, sliceData } from '@/lib/shared/schemas/measurement';
import { UNIT_SYMBOLS, type LengthUnit } from '@/lib/shared/viewer/units';
import type { ClipBoxData, SliceData } from '@/lib/shared/viewer/volumes';
import type { VolumeData } from './volume-data';
import styles from './viewer.module.css';

type Fields = Record<'x' | 'y' | 'z' | 'sx' | 'sy' | 'sz' | 'rotation' | 'width', string>;

const text = (v: number) => String(Math.round(v * 1000) / 1000);
const degrees = (radians: number) => String(Math.round(((radians * 180) / Math.PI) * 100) / 100);

function fieldsOf(volume: VolumeData): Fields {
  const { centre, size, rotation } = volume.data;
  return {
    x: text(centre[0]),
    y: text(centre[1]),
    z: text(centre[2]),
    sx: text(size[0]),
    sy: text(size[1]),
    sz: text(size[2]),
    rotation: degrees(rotation),
    width: volume.kind === 'slice' ? text(volume.data.width) : '',
  };
}

const number = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(',', '.')));

/** The fields read back into the volume, checked with the API's schema; null while something does not fit. */
function parse(volume: VolumeData, f: Fields, choice: { show: ClipBoxData['show']; axis: SliceData['axis'] }): VolumeData | null {
  const base = {
    centre: [number(f.x), number(f.y), number(f.z)],
    size: [number(f.sx), number(f.sy), number(f.sz)],
    rotation: (number(f.rotation) * Math.PI) / 180,
  };
  if (volume.kind === 'slice') {
    // The thin axis's size is the width: kept equal so the stored box says what is cut.
    const width = number(f.width);
    if (choice.axis === 'horizontal') base.size[2] = width;
    else base.size[1] = width;
    const parsed = sliceData.safeParse({ ...base, width, axis: choice.axis });
    return parsed.success ? { kind: 'slice', data: parsed.data as SliceData } : null;
  }
  const parsed = clipBoxData.safeParse({ ...base, show: choice.show });
  return parsed.success ? { kind: 'clip-box', data: parsed.data as ClipBoxData } : null;
}

/**
 * Moves, resizes and turns a clip box or slice with typed numbers (cloud coordinates and unit;
 * arrows step them from the keyboard): every valid change is shown at once, Save keeps it as one
 * undoable change, Cancel puts the saved one back.
 */
export function VolumeEditor({
  name,
  volume,
  unit,
  busy,
  dragged,
  onPreview,
  onSave,
  onCancel,
}: {
  name: string;
  volume: VolumeData;
  /** Counts the gizmo's drag steps: the fields show each dragged box as it moves. */
  dragged: number;
  unit: LengthUnit;
  busy: boolean;
  onPreview: (volume: VolumeData) => void;
  onSave: (volume: VolumeData) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('viewer.volume');
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(volume));
  const [show, setShow] = useState<ClipBoxData['show']>(volume.kind === 'clip-box' ? volume.data.show : 'clipped');
  const [axis, setAxis] = useState<SliceData['axis']>(volume.kind === 'slice' ? volume.data.axis : 'vertical');
  const current = parse(volume, fields, { show, axis });

  // A drag of the gizmo changed the volume: the typed numbers follow it live (typed changes do not come back this way).
  useEffect(() => {
    if (dragged > 0) setFields(fieldsOf(volume));
    // Only a drag step rewrites the fields; the volume alone also changes as the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dragged]);
  const slice = volume.kind === 'slice';
  const length = UNIT_SYMBOLS[unit].length;

  const change = (next: Fields, choice = { show, axis }) => {
    setFields(next);
    const parsed = parse(volume, next, choice);
    if (parsed) onPreview(parsed);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (current) onSave(current);
  };

  const input = (key: keyof Fields, label: string, step: string) => (
    <span className={styles.inline} key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} type="number" step={step} size={10} value={fields[key]} aria-invalid={!Number.isFinite(number(fields[key])) || undefined} onChange={(e) => change({ ...fields, [key]: e.target.value })} />
    </span>
  );

  // An upright slice's extent is its length and height, a flat one's its length and depth; the third side is its width.
  const sizes: [keyof Fields, string][] = slice
    ? [['sx', t('length', { unit: length })], axis === 'horizontal' ? ['sy', t('depth', { unit: length })] : ['sz', t('height', { unit: length })], ['width', t('width', { unit: length })]]
    : [['sx', t('length', { unit: length })], ['sy', t('depth', { unit: length })], ['sz', t('height', { unit: length })]];

  return (
    <form className={styles.draft} onSubmit={save} aria-label={t('editing', { name })} data-testid="viewer-volume-editor">
      <fieldset className={styles.coords}>
        <legend>{t('centre')}</legend>
        {input('x', t('x'), '0.1')}
        {input('y', t('y'), '0.1')}
        {input('z', t('z'), '0.1')}
      </fieldset>
      <fieldset className={styles.coords}>
        <legend>{t('size')}</legend>
        {sizes.map(([key, label]) => input(key, label, '0.1'))}
        {input('rotation', t('rotation'), '5')}
      </fieldset>
      {slice ? (
        <span className={styles.inline}>
          <label htmlFor={`${id}-axis`}>{t('axis')}</label>
          <select
            id={`${id}-axis`}
            value={axis}
            onChange={(e) => {
              const next = e.target.value === 'horizontal' ? 'horizontal' : 'vertical';
              setAxis(next);
              change(fields, { show, axis: next });
            }}
          >
            <option value="vertical">{t('axes.vertical')}</option>
            <option value="horizontal">{t('axes.horizontal')}</option>
          </select>
        </span>
      ) : (
        <fieldset className={styles.inline}>
          <legend>{t('show')}</legend>
          {(['all', 'clipped'] as const).map((mode) => (
            <span key={mode} className={styles.inline}>
              <input
                id={`${id}-show-${mode}`}
                type="radio"
                name={`${id}-show`}
                checked={show === mode}
                onChange={() => {
                  setShow(mode);
                  change(fields, { show: mode, axis });
                }}
              />
              <label htmlFor={`${id}-show-${mode}`}>{t(`shows.${mode}`)}</label>
            </span>
          ))}
        </fieldset>
      )}
      <p className={styles.itemKind}>{t('dragHint')}</p>
      {!current && <p role="alert">{t('invalid')}</p>}
      <div className={styles.inline}>
        <button type="submit" className={styles.button} disabled={busy || !current}>
          {t('save')}
        </button>
        <button type="button" className={styles.button} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
