'use client';

import { Link } from '@/components/ui/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { blurring } from '@/lib/client/api/blurring';
import type { BlurringImage, BlurringMode, MissionImages } from '@/lib/shared/schemas/blurring';
import { useBlurringText } from '../blurring-text';
import { EditorSidebar } from './editor-sidebar';
import { EditorToolbar } from './editor-toolbar';
import { nudgeRegion, regionInView, toInput, type DraftRegion } from './geometry';
import { ImageStage, type StageHandle, type Tool } from './image-stage';
import { emptyRegions, regionsReducer } from './regions-state';
import { useEditorKeys, type ArrowPress } from './use-editor-keys';
import styles from './editor.module.css';

type Message = { type: 'error' | 'success'; text: string } | null;

/**
 * spec §2 /blurring/editor/{mission}/{mode}: one image at a time, large, with its regions. Mode
 * blur is the first pass (correct the proposals, add what is missing, save); mode check is the
 * second person's (by default only the images not yet approved: what is left), who approves and
 * finally finishes. The blurring instructions stay in view.
 */
export function BlurringEditor({ missionId, mode, initial, me }: { missionId: number; mode: BlurringMode; initial: MissionImages | null; me: string | null }) {
  const t = useTranslations('blurring.editor');
  const text = useBlurringText();
  const [data, setData] = useState<MissionImages | null>(initial);
  const [showAll, setShowAll] = useState(mode === 'blur');
  const visible = useMemo(() => (data?.items ?? []).filter((i) => showAll || i.approvedAt === null), [data, showAll]);
  const [currentId, setCurrentId] = useState<number | null>(visible[0]?.id ?? null);
  const current = data?.items.find((i) => i.id === currentId) ?? null;
  const [state, dispatch] = useReducer(regionsReducer, emptyRegions);
  const [version, setVersion] = useState<number | null>(null);
  const [tool, setTool] = useState<Tool>('select');
  const [kind, setKind] = useState<DraftRegion['kind']>('face');
  const [preview, setPreview] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [leaving, setLeaving] = useState<number | null>(null);
  const [finishing, setFinishing] = useState(false);
  const stage = useRef<StageHandle>(null);
  const newId = useCallback(() => crypto.randomUUID(), []);

  const reloadList = useCallback(async () => {
    try {
      setData(await blurring.listMissionImages({ params: { id: missionId } }));
    } catch (err) {
      setMessage({ type: 'error', text: text.failure(err, 'errors.blurring.imagesLoadFailed') });
    }
  }, [missionId, text]);

  // The regions of the image on screen, read afresh whenever another image is shown.
  useEffect(() => {
    if (!current || current.detection !== 'done') return;
    // Just saved: the regions on screen are this version already. Reading them again (the list
    // reload after a save bumps it) would drop what was added or moved since, e.g. by keys at once.
    if (version !== null && version === current.regionsVersion) return;
    let live = true;
    blurring.getImageRegions({ params: { id: current.id } }).then(
      (r) => {
        if (!live) return;
        dispatch({ type: 'load', regions: r.regions });
        setVersion(r.version);
      },
      (err: unknown) => live && setMessage({ type: 'error', text: text.failure(err, 'errors.blurring.imagesLoadFailed') }),
    );
    return () => {
      live = false;
    };
  }, [current?.id, current?.detection, current?.regionsVersion, text]); // eslint-disable-line react-hooks/exhaustive-deps -- the image's identity and version, not its object

  // While an image is still being searched for faces, the list is read again until it is done.
  const detecting = data?.items.some((i) => i.detection === 'queued' || i.detection === 'running') ?? false;
  useEffect(() => {
    if (!detecting) return;
    const timer = setInterval(() => void reloadList(), 3000);
    return () => clearInterval(timer);
  }, [detecting, reloadList]);

  const index = current ? visible.findIndex((i) => i.id === current.id) : -1;
  const go = (id: number | undefined) => {
    if (id === undefined || id === currentId) return;
    if (state.dirty) setLeaving(id);
    else show(id);
  };
  const show = (id: number) => {
    setLeaving(null);
    setMessage(null);
    dispatch({ type: 'load', regions: [] });
    setVersion(null);
    setCurrentId(id);
  };
  const step = (delta: number) => go(visible[index + delta]?.id);

  const replaceItem = (item: BlurringImage) => setData((d) => d && { ...d, items: d.items.map((i) => (i.id === item.id ? item : i)) });

  const save = async (): Promise<boolean> => {
    if (!current || version === null) return false;
    setPending(true);
    try {
      const saved = await blurring.saveImageRegions({ params: { id: current.id }, body: { version, regions: state.regions.map(toInput) } });
      dispatch({ type: 'load', regions: saved.regions });
      setVersion(saved.version);
      setMessage({ type: 'success', text: t('saved') });
      await reloadList();
      return true;
    } catch (err) {
      setMessage({ type: 'error', text: text.failure(err, 'errors.blurring.saveFailed') });
      return false;
    } finally {
      setPending(false);
    }
  };

  const approve = async () => {
    if (!current) return;
    if (state.dirty && !(await save())) return;
    setPending(true);
    try {
      const item = await blurring.approveImage({ params: { id: current.id } });
      replaceItem(item);
      setMessage({ type: 'success', text: t('approvedDone') });
      // On to the next image that is left, in the order shown.
      const next = visible.slice(index + 1).find((i) => i.approvedAt === null && i.id !== item.id);
      if (next) show(next.id);
      else if (!showAll) setCurrentId(null);
    } catch (err) {
      setMessage({ type: 'error', text: text.failure(err, 'errors.blurring.approveFailed') });
    } finally {
      setPending(false);
    }
  };

  const retryDetection = async () => {
    if (!current) return;
    setPending(true);
    try {
      replaceItem(await blurring.retryDetection({ params: { id: current.id } }));
    } catch (err) {
      setMessage({ type: 'error', text: text.failure(err, 'errors.blurring.retryFailed') });
    } finally {
      setPending(false);
    }
  };

  const finish = async () => {
    setPending(true);
    try {
      const state = await blurring.finishBlurring({ params: { id: missionId } });
      setData((d) => d && { ...d, blurring: state });
      setMessage({ type: 'success', text: t('finishDone') });
      setFinishing(false);
    } catch (err) {
      setMessage({ type: 'error', text: text.failure(err, 'errors.blurring.finishFailed') });
      setFinishing(false);
    } finally {
      setPending(false);
    }
  };

  const editable = current?.detection === 'done' && version !== null;
  const fourEyesBlocked = data?.blurring.blurredBy !== null && data?.blurring.blurredBy === me;
  const canApprove = editable && current.approvedAt === null && !pending && !fourEyesBlocked && current.editedAt !== null;
  const allApproved = (data?.items.length ?? 0) > 0 && data!.items.every((i) => i.approvedAt !== null);

  const imageSize = { width: current?.width ?? 0, height: current?.height ?? 0 };
  // The keyboard's way to draw (issue: every control operable by keyboard): a region of the tool's
  // shape in the middle of the view, selected, so the arrow keys move and size it at once.
  const addInView = () => {
    if (!editable || tool === 'select' || !stage.current) return;
    const region = regionInView(newId(), tool, kind, stage.current.inView(), imageSize);
    dispatch({ type: 'add', region });
    announce('regionAdded', region);
  };
  /** Arrow keys on the selected region: one screen pixel a press (ten with Shift), whatever the zoom. */
  const nudge = ({ dx, dy, big, resize }: ArrowPress): boolean => {
    const region = editable ? state.regions.find((r) => r.id === state.selected) : undefined;
    if (!region) return false;
    const px = (big ? 10 : 1) / (zoom > 0 ? zoom : 1);
    const moved = nudgeRegion(region, dx * px, dy * px, resize, imageSize);
    dispatch({ type: 'edit', region: moved });
    announce('regionAt', moved);
    return true;
  };
  // Said in the message line (a live region), so a screen reader hears where the region is.
  const announce = (key: 'regionAdded' | 'regionAt', r: DraftRegion) =>
    setMessage({ type: 'success', text: t(key, { kind: t(`kinds.${r.kind}`), x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) }) });

  useEditorKeys(leaving !== null || finishing ? {} : {
    select: () => setTool('select'),
    rectangle: () => editable && setTool('rectangle'),
    ellipse: () => editable && setTool('ellipse'),
    polygon: () => editable && setTool('polygon'),
    add: addInView,
    arrow: nudge,
    delete: () => state.selected && dispatch({ type: 'remove', id: state.selected }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    preview: () => setPreview((p) => !p),
    zoomIn: () => stage.current?.zoomBy(1.25),
    zoomOut: () => stage.current?.zoomBy(0.8),
    fit: () => stage.current?.fit(),
    previous: () => step(-1),
    next: () => step(1),
    save: () => editable && !pending && void save(),
    approve: () => mode === 'check' && canApprove && void approve(),
    enter: () => stage.current?.closePolygon() || addInView(),
    escape: () => stage.current?.cancelPolygon() || dispatch({ type: 'select', id: null }),
  });

  if (!data) {
    return <p role="alert" className={styles.alert}>{text.failure(null, 'errors.blurring.imagesLoadFailed')}</p>;
  }
  return (
    <div className={styles.editor}>
      <EditorSidebar
        mode={mode}
        data={data}
        visible={visible}
        currentId={currentId}
        showAll={showAll}
        onShowAll={setShowAll}
        onPick={go}
        regions={state.regions}
        selected={state.selected}
        onSelect={(id) => dispatch({ type: 'select', id })}
      />
      <section className={styles.main} aria-label={t(`modes.${mode}`)}>
        <div className={styles.toolbar}>
          <Link href="/blurring">{t('back')}</Link>
          <strong>{t(`modes.${mode}`)}</strong>
          <span className={styles.muted}>{t(`modeHint.${mode}`)}</span>
        </div>
        <EditorToolbar
          mode={mode}
          position={{ index: index + 1, total: visible.length }}
          canStep={{ previous: index > 0, next: index >= 0 && index < visible.length - 1 }}
          onStep={step}
          tool={tool}
          onTool={setTool}
          kind={kind}
          onKind={setKind}
          editable={editable}
          selected={state.selected}
          onDelete={() => state.selected && dispatch({ type: 'remove', id: state.selected })}
          history={{ undo: state.past.length > 0, redo: state.future.length > 0 }}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          zoom={zoom}
          onZoom={(f) => stage.current?.zoomBy(f)}
          onFit={() => stage.current?.fit()}
          preview={preview}
          onPreview={() => setPreview((p) => !p)}
          dirty={state.dirty}
          pending={pending}
          onSave={() => void save()}
          canApprove={canApprove}
          onApprove={() => void approve()}
          canFinish={allApproved && !data.blurring.finished && !pending && !fourEyesBlocked}
          onFinish={() => setFinishing(true)}
        />
        {message && <p data-testid="blurring-message" role={message.type === 'error' ? 'alert' : 'status'} className={message.type === 'error' ? styles.alert : styles.notice}>{message.text}</p>}
        {current && current.detection === 'done' && current.width && current.height && current.originalUrl ? (
          <ImageStage
            src={current.originalUrl}
            width={current.width}
            height={current.height}
            regions={state.regions}
            selected={state.selected}
            tool={editable ? tool : 'select'}
            kind={kind}
            preview={preview}
            label={t('canvasLabel')}
            describedBy="blurring-keys"
            newId={newId}
            dispatch={dispatch}
            onZoom={setZoom}
            stageRef={stage}
          />
        ) : (
          <div className={styles.waiting}>
            {!current ? (
              data.items.length === 0 ? t('noImages') : t('nothingLeft')
            ) : current.detection === 'failed' ? (
              <p role="alert">
                {t('detection.failed', { reason: current.detectionError ?? '' })}{' '}
                <button type="button" onClick={() => void retryDetection()} disabled={pending}>
                  {t('detection.retry')}
                </button>
              </p>
            ) : (
              t(`detection.${current.detection === 'running' ? 'running' : 'queued'}`)
            )}
          </div>
        )}
        <div className={styles.status}>
          {current?.approvedAt && <span>{t('approved', { name: current.approvedByName ?? '–', date: text.date(current.approvedAt) })}</span>}
          {data.blurring.blurredByName && <span>{t('blurredBy', { name: data.blurring.blurredByName })}</span>}
          {data.blurring.finished && <span>{t('finished', { name: data.blurring.finishedByName ?? '–', date: text.date(data.blurring.finishedAt) })}</span>}
          {fourEyesBlocked && mode === 'check' && <span className={styles.muted}>{text.failure(null, 'errors.blurring.fourEyes')}</span>}
        </div>
      </section>
      <ConfirmDialog
        open={leaving !== null}
        title={t('discardTitle')}
        message={t('discardMessage')}
        confirmLabel={t('discard')}
        cancelLabel={t('cancel')}
        onConfirm={() => leaving !== null && show(leaving)}
        onCancel={() => setLeaving(null)}
      />
      <ConfirmDialog
        open={finishing}
        destructive={false}
        title={t('finishTitle')}
        message={t('finishMessage', { count: data.items.length })}
        confirmLabel={t('finish')}
        cancelLabel={t('cancel')}
        pending={pending}
        onConfirm={() => void finish()}
        onCancel={() => setFinishing(false)}
      />
    </div>
  );
}
