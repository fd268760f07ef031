'use client';

import { Link } from '@/components/ui/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useNotify } from '@/components/platform/notifications';
import type { Point3 } from '@/lib/shared/measurements/maths';
import type { MeasurementDto } from '@/lib/shared/schemas/measurement';
import { formatViewerLink, type ViewerLink } from '@/lib/shared/viewer/deep-link';
import type { LengthUnit } from '@/lib/shared/viewer/units';
import { boxCorners } from '@/lib/shared/viewer/volumes';
import type { CameraView, EngineApi, EngineCloud, EngineStatus, EngineVolume, OverlayItem, ViewerEngineProps } from './engine/engine-types';
import { ExportLinks } from './export-links';
import { MeasurementsPanel } from './measurements-panel';
import type { NavigationMode } from './navigation-modes';
import { SettingsPanel } from './settings-panel';
import { addPoint, isFull, type Draft } from './tools';
import { useMeasurements } from './use-measurements';
import { useViewerSettings } from './use-viewer-settings';
import { ViewTools } from './view-tools';
import { engineVolume, newClipBox, newSlice, volumeOf, type VolumeData } from './volume-data';
import { SliceExport } from './slice-export';
import { VolumeEditor } from './volume-editor';
import { VolumeGizmo } from './volume-gizmo';
import { ViewerFailure } from './viewer-failure';
import { hasWebgl } from './webgl';
import styles from './viewer.module.css';

type EngineLoad = { kind: 'loading' } | { kind: 'loaded'; Engine: ComponentType<ViewerEngineProps> } | { kind: 'failed' };

/** What frames an item: its points, or a clip box's or slice's corners. */
const framePoints = (item: MeasurementDto): Point3[] => {
  const volume = volumeOf(item);
  if (!volume) return item.points;
  const { centre, size, rotation } = volume.data;
  return boxCorners(centre, size, rotation);
};

const cameraOf = (item: MeasurementDto): CameraView | undefined => {
  const camera = item.data.camera as CameraView | undefined;
  return camera && Array.isArray(camera.position) && Array.isArray(camera.target) ? camera : undefined;
};

/**
 * The viewer once the cloud exists: the 3D engine (three, r3f, potree-core) is imported only here,
 * after the page painted, so the route's own JavaScript stays small; the saved items and the
 * settings live beside it.
 */
export function ViewerWorkspace({
  missionId,
  missionName,
  userId,
  canEdit,
  link,
}: {
  missionId: number;
  missionName: string;
  userId: string;
  canEdit: boolean;
  link: ViewerLink;
}) {
  const t = useTranslations('viewer');
  const notify = useNotify();
  const format = useFormatter();
  const { settings, update, reset } = useViewerSettings(userId);
  const store = useMeasurements(missionId);
  const [webgl, setWebgl] = useState<boolean | null>(null);
  const [load, setLoad] = useState<EngineLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<EngineStatus>({ phase: 'loading', pointsDrawn: 0 });
  const [unit, setUnit] = useState<LengthUnit>('m');
  const [api, setApi] = useState<EngineApi | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [orthographic, setOrthographic] = useState(false);
  const [navigation, setNavigation] = useState<NavigationMode>('orbit');
  const [selected, setSelected] = useState<number | null>(link.item ?? null);
  const [extent, setExtent] = useState<EngineCloud['extent'] | null>(null);
  // The clip box or slice being edited: its unsaved state is what the engine shows.
  const [editing, setEditing] = useState<{ id: number; version: number; volume: VolumeData } | null>(null);
  // Drag steps of the gizmo, so the typed numbers follow a drag.
  const [dragged, setDragged] = useState(0);
  const linkApplied = useRef(false);

  useEffect(() => setWebgl(hasWebgl()), []);

  useEffect(() => {
    if (!webgl) return;
    let live = true;
    setLoad({ kind: 'loading' });
    // For `npm run bench viewer`: the route's own JavaScript is what came before this.
    performance.mark('viewer:engine-requested');
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
  const onCloud = useCallback((cloud: EngineCloud) => {
    setUnit(cloud.unit);
    setExtent(cloud.extent);
  }, []);

  // A saved, undone, redone or deleted item closes its editor: the list shows it as it now is.
  useEffect(() => {
    if (editing && !store.items.some((i) => i.id === editing.id && i.version === editing.version)) setEditing(null);
  }, [editing, store.items]);

  const edit = (item: MeasurementDto) => {
    const volume = volumeOf(item);
    if (volume) setEditing({ id: item.id, version: item.version, volume });
  };

  const dragVolume = (volume: VolumeData) => {
    setEditing((e) => e && { ...e, volume });
    setDragged((n) => n + 1);
  };

  /** A finished drag is saved like a typed edit (one undoable change, 409 when stale) and the editor stays open on the saved item. */
  const dropVolume = async (id: number, volume: VolumeData) => {
    const saved = await store.change(id, { data: volume.data });
    const kept = saved && volumeOf(saved);
    if (saved && kept) {
      setEditing({ id: saved.id, version: saved.version, volume: kept });
      setDragged((n) => n + 1);
    }
  };

  /** A new clip box or slice around the cloud's points, saved at once and opened for editing. */
  const addVolume = async (kind: 'clip-box' | 'slice') => {
    if (!extent) return;
    const n = store.items.filter((i) => i.kind === kind).length + 1;
    const name = t(`items.defaultName.${kind}`, { n });
    const saved =
      kind === 'slice'
        ? await store.create({ kind, name, data: newSlice(extent, unit) })
        : await store.create({ kind, name, data: newClipBox(extent) });
    if (saved) edit(saved);
  };

  const volumes = useMemo<EngineVolume[]>(
    () =>
      store.items.flatMap((item) => {
        const edited = editing?.id === item.id;
        const volume = edited ? editing.volume : volumeOf(item);
        return volume && (item.visible || edited) ? [engineVolume(`item-${item.id}`, volume, edited)] : [];
      }),
    [store.items, editing],
  );

  /** Saves the measurement being made; a height saves itself once it has both points. */
  const finish = useCallback(
    async (current: Draft, annotation?: { title: string; text: string }) => {
      const n = store.items.filter((i) => i.kind === current.tool).length + 1;
      const name = annotation?.title ?? t(`items.defaultName.${current.tool}`, { n });
      const points = current.points.map((p) => [...p] as [number, number, number]);
      const view = api?.cameraView();
      const camera = view ? { position: [...view.position] as [number, number, number], target: [...view.target] as [number, number, number] } : { position: points[0]!, target: points[0]! };
      const saved =
        current.tool === 'annotation'
          ? await store.create({ kind: 'annotation', name, points, data: { title: annotation?.title ?? name, text: annotation?.text ?? '', camera } })
          : await store.create({ kind: current.tool, name, points });
      if (saved) setDraft(null);
    },
    [api, store, t],
  );

  const onPoint = useCallback(
    (point: Point3) => {
      if (!draft) return;
      const next = addPoint(draft, point);
      setDraft(next);
      if (next.tool === 'height' && isFull(next)) void finish(next);
    },
    [draft, finish],
  );

  // A deep link's view once the cloud is there: its camera, else its item.
  useEffect(() => {
    if (!api || linkApplied.current) return;
    if (link.camera) {
      api.flyTo([], link.camera);
      linkApplied.current = true;
      return;
    }
    if (link.item === undefined) {
      linkApplied.current = true;
      return;
    }
    const item = store.items.find((i) => i.id === link.item);
    if (item) {
      api.flyTo(framePoints(item), cameraOf(item));
      linkApplied.current = true;
    } else if (!store.loading) linkApplied.current = true;
  }, [api, link, store.items, store.loading]);

  /** Puts the current view (and the selected item) into the address and on the clipboard. */
  const copyLink = async () => {
    if (!api) return;
    const view = api.cameraView();
    const query = formatViewerLink({ camera: { position: [...view.position], target: [...view.target] }, item: selected ?? undefined });
    const url = `${window.location.origin}/mission/${missionId}/viewer${query}`;
    window.history.replaceState(null, '', url);
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'success', text: t('linkCopied') });
    } catch {
      // No clipboard (permission, insecure origin): the address bar holds the link.
      notify({ type: 'info', text: t('linkInAddress') });
    }
  };

  const flyTo = (item: MeasurementDto) => {
    setSelected(item.id);
    api?.flyTo(framePoints(item), cameraOf(item));
  };

  const overlay = useMemo<OverlayItem[]>(
    () => [
      ...store.items.filter((i) => i.visible && i.points.length > 0).map((i) => ({ key: `item-${i.id}`, kind: i.kind, points: i.points })),
      ...(draft && draft.points.length > 0 ? [{ key: 'draft', kind: draft.tool, points: draft.points, draft: true }] : []),
    ],
    [store.items, draft],
  );

  const header = (
    <header className={styles.header}>
      <h1 className={styles.title}>{t('title', { name: missionName })}</h1>
      <Link href={`/mission/${missionId}`} className={styles.link}>
        {t('backToMission')}
      </Link>
      {api && (
        <button type="button" className={styles.button} onClick={() => void copyLink()}>
          {t('copyLink')}
        </button>
      )}
    </header>
  );

  if (webgl === false) return <>{header}<ViewerFailure kind="noWebgl" /></>;
  if (load.kind === 'failed') return <>{header}<ViewerFailure kind="dependencies" onRetry={retry} /></>;
  const failed = status.phase === 'pointcloudFailed' ? 'pointcloud' : status.phase === 'initFailed' ? 'initialise' : null;

  return (
    <div className={styles.workspace} data-background={settings.background} data-picking={draft !== null || undefined}>
      {load.kind === 'loaded' && !failed && (
        <load.Engine
          key={attempt}
          missionId={missionId}
          settings={settings}
          onStatus={setStatus}
          onCloud={onCloud}
          onApi={setApi}
          overlay={overlay}
          volumes={volumes}
          orthographic={orthographic}
          navigation={navigation}
          picking={draft !== null && !isFull(draft)}
          onPick={onPoint}
        />
      )}
      {!failed && api && canEdit && editing && (
        <VolumeGizmo
          api={api}
          name={store.items.find((i) => i.id === editing.id)?.name ?? ''}
          volume={editing.volume}
          onDrag={dragVolume}
          onDrop={(volume) => void dropVolume(editing.id, volume)}
        />
      )}
      {header}
      {failed && <ViewerFailure kind={failed} onRetry={retry} />}
      {/* One bar along the bottom, so the status, the hint and the view tools never cover each other (a wrapped hint did). */}
      <div className={styles.bottomBar}>
        <div className={styles.corner}>
          {!failed && (
            <p className={styles.status} data-testid="viewer-status" data-phase={status.phase} data-points={status.pointsDrawn}>
              {load.kind === 'loading'
                ? t('loadingEngine')
                : status.phase === 'loading'
                  ? t('loadingCloud')
                  : t('pointsDrawn', { points: format.number(status.pointsDrawn), budget: format.number(settings.pointBudget) })}
            </p>
          )}
          <p className={styles.hint} data-testid="viewer-navigation-hint">{t(`navigationHints.${navigation}`)}</p>
        </div>
        {!failed && api && <ViewTools api={api} missionId={missionId} orthographic={orthographic} onOrthographic={setOrthographic} navigation={navigation} onNavigation={setNavigation} />}
      </div>
      {!failed && api && (
        <MeasurementsPanel
          store={store}
          canEdit={canEdit}
          unit={unit}
          draft={draft}
          onDraft={setDraft}
          onAddPoint={onPoint}
          onFinish={(annotation) => draft && void finish(draft, annotation)}
          selected={selected}
          onFlyTo={flyTo}
          onAddVolume={(kind) => void addVolume(kind)}
          exportLinks={store.items.length > 0 && <ExportLinks missionId={missionId} />}
          editing={editing?.id ?? null}
          onEdit={edit}
          editor={
            editing && (
              <>
                <VolumeEditor
                  key={`${editing.id}-${editing.version}`}
                  name={store.items.find((i) => i.id === editing.id)?.name ?? ''}
                  volume={editing.volume}
                  dragged={dragged}
                  unit={unit}
                  busy={store.busy}
                  onPreview={(volume) => setEditing({ ...editing, volume })}
                  onSave={(volume) => void store.change(editing.id, { data: volume.data })}
                  onCancel={() => setEditing(null)}
                />
                {editing.volume.kind === 'slice' && (
                  <SliceExport
                    api={api}
                    missionId={missionId}
                    sliceId={editing.id}
                    slice={editing.volume.data}
                    unit={unit}
                    defaultName={store.items.find((i) => i.id === editing.id)?.name ?? ''}
                  />
                )}
              </>
            )
          }
        />
      )}
      <SettingsPanel settings={settings} onChange={update} onReset={reset} />
    </div>
  );
}
