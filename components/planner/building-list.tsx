'use client';
import { useFormatter, useTranslations } from 'next-intl';
import type { Dispatch } from 'react';
import type { DrawingAction, DrawingState } from './drawing';
import { measuresOf, totalsOf } from './measures';
import styles from './planner.module.css';

/** Per building: name, type, levels and its measures; the mission's totals below (spec §2 /planner). */
export function BuildingList({ state, dispatch, storeyHeightM, error }: { state: DrawingState; dispatch: Dispatch<DrawingAction>; storeyHeightM: number; error?: string }) {
  const t = useTranslations('planner.buildings');
  const format = useFormatter();
  const number = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const totals = totalsOf(state.buildings, storeyHeightM);
  return (
    <section className={styles.buildings} aria-labelledby="planner-buildings">
      <h2 id="planner-buildings">{t('title')}</h2>
      {state.buildings.length === 0 && <p className={styles.hint}>{t('empty')}</p>}
      <ol className={styles.buildingList}>
        {state.buildings.map((b, index) => {
          const m = measuresOf(b, storeyHeightM);
          const selected = state.selection?.key === b.key;
          return (
            <li key={b.key} className={selected ? styles.selectedBuilding : undefined} data-testid="planned-building">
              <div className={styles.buildingHead}>
                <button type="button" className={styles.linkButton} onClick={() => dispatch({ type: 'select', selection: { key: b.key } })}>
                  {t('number', { number: index + 1 })}
                </button>
                <button type="button" className={styles.dangerButton} onClick={() => dispatch({ type: 'remove', key: b.key })}>
                  {t('remove')}
                </button>
              </div>
              <label>
                {t('name')}
                <input value={b.name} maxLength={200} onChange={(e) => dispatch({ type: 'update', key: b.key, changes: { name: e.target.value } })} />
              </label>
              <label>
                {t('type')}
                <select value={b.type} onChange={(e) => dispatch({ type: 'update', key: b.key, changes: { type: e.target.value === 'area' ? 'area' : 'building' } })}>
                  <option value="building">{t('types.building')}</option>
                  <option value="area">{t('types.area')}</option>
                </select>
              </label>
              <label>
                {t('levels')}
                <input
                  type="number"
                  min={1}
                  max={200}
                  value={b.levels}
                  onChange={(e) => dispatch({ type: 'update', key: b.key, changes: { levels: Math.min(200, Math.max(1, Math.round(Number(e.target.value) || 1))) } })}
                />
              </label>
              <dl className={styles.measures}>
                <dt>{t('groundArea')}</dt>
                <dd data-testid="ground-area">{t('squareMetres', { value: number(m.groundArea) })}</dd>
                <dt>{t('perimeter')}</dt>
                <dd data-testid="perimeter">{t('metres', { value: number(m.perimeter) })}</dd>
                <dt>{t('facadeArea')}</dt>
                <dd data-testid="facade-area">{t('squareMetres', { value: number(m.facadeArea) })}</dd>
              </dl>
            </li>
          );
        })}
      </ol>
      <dl className={styles.totals} data-testid="planner-totals">
        <dt>{t('totalGroundArea')}</dt>
        <dd>{t('squareMetres', { value: number(totals.groundArea) })}</dd>
        <dt>{t('totalPerimeter')}</dt>
        <dd>{t('metres', { value: number(totals.perimeter) })}</dd>
        <dt>{t('totalFacadeArea')}</dt>
        <dd>{t('squareMetres', { value: number(totals.facadeArea) })}</dd>
      </dl>
      <p className={styles.hint}>{t('storeyHeight', { value: number(storeyHeightM) })}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
