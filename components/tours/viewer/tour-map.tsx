'use client';

import { useTranslations } from 'next-intl';
import { useReducer, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { tours } from '@/lib/client/api/tours';
import type { TourDto, TourManifest, TourNode } from '@/lib/shared/schemas/tour';
import { floorKey, planFrame, toSvgY } from '../floor-plan';
import { useTourFailure } from '../tour-text';
import { automaticPairs, changedCount, initialLinkEditor, linkEditorReducer, linkedTo, pairsOf } from './link-editor-state';
import styles from './tour-viewer.module.css';

/** Who may edit the links of the tour, at which version. */
export interface LinkEditing {
  tourId: number;
  version: number;
  onSaved(tour: TourDto, manifest: TourManifest): void;
}

interface Props {
  manifest: TourManifest;
  current: TourNode;
  /** Degrees the camera turned from the panorama's centre. */
  yaw: number;
  onGo(imageId: number): void;
  editing?: LinkEditing;
}

/**
 * The maps dialog's content: the floor's plan with its images, their links and the current
 * viewing direction. Who may edit the tour edits the links here (issue 17 "editable
 * afterwards"): pick an image, shift+click another (or use the list) to add or remove the link
 * between them, undo, rebuild from positions, and save at the version read.
 */
export function TourMap({ manifest, current, yaw, onGo, editing }: Props) {
  const t = useTranslations('tours.viewer');
  const tl = useTranslations('tours.viewer.links');
  const failure = useTourFailure();
  const notify = useNotify();
  const [editMode, setEditMode] = useState(false);
  const [selected, setSelected] = useState(current.id);
  const [state, dispatch] = useReducer(linkEditorReducer, pairsOf(manifest), initialLinkEditor);
  const [saving, setSaving] = useState(false);
  const saved = pairsOf(manifest);
  const pairs = editMode ? state.pairs : saved;
  const changes = changedCount(saved, state.pairs);
  const byId = new Map(manifest.nodes.map((n) => [n.id, n]));
  const onFloor = manifest.nodes.filter((n) => n.floor === current.floor);
  const plan = planFrame(onFloor);
  const focus = editMode ? (byId.get(selected) ?? current) : current;
  const floorName = (floor: number) => {
    const { key, n } = floorKey(floor);
    return t(key, { n });
  };
  const nameOf = (id: number) => {
    const node = byId.get(id)!;
    return node.floor === focus.floor ? node.name : tl('otherFloor', { name: node.name, floor: floorName(node.floor) });
  };

  function pick(id: number, toggle: boolean) {
    if (!editMode) return onGo(id);
    if (toggle && id !== selected) dispatch({ type: 'toggle', a: selected, b: id });
    else setSelected(id);
  }

  async function save() {
    if (!editing) return;
    setSaving(true);
    try {
      const result = await tours.updateTourLinks({ params: { id: editing.tourId }, body: { version: editing.version, links: state.pairs.map(([a, b]) => [a, b]) } });
      editing.onSaved(result.tour, result.manifest);
      dispatch({ type: 'reset', pairs: pairsOf(result.manifest) });
      notify({ type: 'success', text: tl('saved') });
    } catch (err) {
      notify({ type: 'error', text: failure(err, 'tours.failures.saveLinks') });
      // A stale version: take what the others saved, so the next save can succeed.
      const fresh = await tours.getTour({ params: { id: editing.tourId } }).catch(() => null);
      if (fresh?.manifest) {
        editing.onSaved(fresh.tour, fresh.manifest);
        dispatch({ type: 'reset', pairs: pairsOf(fresh.manifest) });
      }
    } finally {
      setSaving(false);
    }
  }

  const linked = linkedTo(state.pairs, focus.id);
  const addable = manifest.nodes.filter((n) => n.id !== focus.id && !linked.includes(n.id));
  const [addTarget, setAddTarget] = useState('');

  return (
    <div className={styles.map}>
      <svg className={styles.plan} viewBox={`${plan.minX} ${plan.minY} ${plan.width} ${plan.height}`} role="group" aria-label={t('mapLabel')} data-testid="tour-map">
        {pairs.map(([a, b]) => {
          const from = byId.get(a);
          const to = byId.get(b);
          if (!from || !to || from.floor !== current.floor || to.floor !== current.floor) return null;
          return <line key={`${a}-${b}`} data-link={`${a}-${b}`} x1={from.x} y1={toSvgY(plan, from.y)} x2={to.x} y2={toSvgY(plan, to.y)} className={styles.link} />;
        })}
        {onFloor.map((n) => {
          const y = toSvgY(plan, n.y);
          const here = n.id === current.id;
          // The viewing direction: the panorama's heading plus where the camera looks now.
          const angle = ((n.heading + (here ? yaw : 0)) * Math.PI) / 180;
          const picked = editMode && n.id === focus.id;
          const stairs = pairs.some(([a, b]) => (a === n.id || b === n.id) && byId.get(a === n.id ? b : a)?.floor !== n.floor);
          return (
            <g key={n.id}>
              {here && <path d={`M ${n.x} ${y} L ${n.x + 2.5 * Math.sin(angle - 0.4)} ${y - 2.5 * Math.cos(angle - 0.4)} A 2.5 2.5 0 0 1 ${n.x + 2.5 * Math.sin(angle + 0.4)} ${y - 2.5 * Math.cos(angle + 0.4)} Z`} className={styles.cone} />}
              {stairs && <circle cx={n.x} cy={y} r={0.9} className={styles.stairs} />}
              <circle cx={n.x} cy={y} r={here || picked ? 0.6 : 0.45} className={picked ? styles.picked : here ? styles.here : styles.spot} tabIndex={0} role="button" aria-label={n.name}
                aria-pressed={editMode ? picked : undefined}
                onClick={(e: MouseEvent) => pick(n.id, e.shiftKey)}
                onKeyDown={(e: KeyboardEvent) => activateSpot(e, () => pick(n.id, e.shiftKey))}>
                <title>{n.name}</title>
              </circle>
            </g>
          );
        })}
      </svg>
      {editing && (
        <div className={styles.linkEditor}>
          <button type="button" className={styles.tool} aria-pressed={editMode}
            onClick={() => { if (!editMode) { setSelected(current.id); dispatch({ type: 'reset', pairs: saved }); } setEditMode(!editMode); }}>
            {tl('edit')}
          </button>
          {editMode && (
            <>
              <p className={styles.hint}>{tl('help')}</p>
              <h3 className={styles.linksTitle}>{tl('of', { name: focus.name })}</h3>
              {linked.length === 0 ? <p className={styles.hint}>{tl('none')}</p> : (
                <ul className={styles.linkList} aria-label={tl('of', { name: focus.name })}>
                  {linked.map((id) => (
                    <li key={id}>
                      <span>{nameOf(id)}</span>
                      <button type="button" onClick={() => dispatch({ type: 'toggle', a: focus.id, b: id })} aria-label={tl('removeTo', { name: byId.get(id)!.name })}>{tl('remove')}</button>
                    </li>
                  ))}
                </ul>
              )}
              {addable.length > 0 && (
                <div className={styles.addLink}>
                  <label>
                    {tl('addTo')}
                    <select value={addTarget} onChange={(e) => setAddTarget(e.target.value)}>
                      <option value="" />
                      {addable.map((n) => <option key={n.id} value={n.id}>{nameOf(n.id)}</option>)}
                    </select>
                  </label>
                  <button type="button" disabled={addTarget === ''} onClick={() => { dispatch({ type: 'toggle', a: focus.id, b: Number(addTarget) }); setAddTarget(''); }}>{tl('add')}</button>
                </div>
              )}
              <div className={styles.linkButtons}>
                <button type="button" disabled={state.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>{tl('undo')}</button>
                <button type="button" onClick={() => dispatch({ type: 'rebuild', pairs: automaticPairs(manifest) })}>{tl('rebuild')}</button>
                <button type="button" className={styles.primary} disabled={saving || changes === 0} onClick={() => void save()}>{tl('save', { count: changes })}</button>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Enter and Space press a spot, as they press a <button> (the spots are SVG circles, which cannot
 * be buttons). Space would otherwise scroll the page.
 */
export function activateSpot(e: KeyboardEvent, press: () => void): void {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  press();
}
