'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { SectionLine } from '@/lib/shared/panelizer/points';
import type { XY } from '@/lib/shared/panelizer/polygon';
import type { Command, Refusal } from '../model/command';
import { moveFloorLine, removeFloorLine } from '../model/floor-commands';
import { floorsOf, type ElevationRef } from '../model/geometry';
import { canRedo, canUndo } from '../model/history';
import { moveOpenings, removeOpenings } from '../model/opening-commands';
import { newId } from '../model/ids';
import { addOutlinePoint, moveOutlinePoint, removeOutline, removeOutlinePoint } from '../model/outline-commands';
import { FloorList, hasUnlinkedFloorsWithoutPolygons } from './floor-list';
import { FloorsStep } from './floors-step';
import { OpeningsStep } from './openings-step';
import type { ShortcutAction, Step } from './shortcuts';
import type { SliceMode } from './slice-view';
import { StepTabs } from './step-tabs';
import { useEditorKeys } from './use-editor-keys';
import { useHistory } from './use-history';
import { SaveStatus, type Persistence } from './save-status';
import { useAutosave, type AfterSave, type SaveDocument } from './use-autosave';
import type { LoadPoints } from './use-points';
import { cornerOf, WallsStep, type WallTool } from './walls-step';
import styles from './panelizer.module.css';

const STEPS: readonly Step[] = ['floors', 'walls', 'openings'];
const NOTHING_TO_SAVE: SaveDocument = () => Promise.reject(new Error('read-only'));

/** What the page's own controls get from the editor: `afterSave` runs work on the saved document. */
export interface EditorSession {
  afterSave: AfterSave;
}

/**
 * The panelizer's editor (spec §2): three steps over one document, the floor list at the left,
 * every edit a command with undo and redo. `header` shows above (title, the project's verbs), then
 * the save state; `aside` beside (results). Read-only (an export) shows the same views without any editing control.
 */
export function PanelizerEditor({
  initial,
  readOnly,
  loadPoints,
  persistence,
  header,
  aside,
}: {
  initial: PanelizerDocument;
  readOnly: boolean;
  loadPoints: LoadPoints;
  /** Autosave; absent when read-only. */
  persistence?: Persistence;
  header?: ReactNode | ((session: EditorSession) => ReactNode);
  aside?: (doc: PanelizerDocument, session: EditorSession) => ReactNode;
}) {
  const t = useTranslations('panelizer.editor');
  const history = useHistory(initial);
  const { doc } = history;
  const autosave = useAutosave({ doc, version: persistence?.version ?? 0, save: persistence?.save ?? NOTHING_TO_SAVE, enabled: !readOnly && !!persistence });
  const session = useMemo<EditorSession>(() => ({ afterSave: autosave.afterSave }), [autosave.afterSave]);
  const [step, setStep] = useState<Step>('floors');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [lineId, setLineId] = useState<string | null>(null);
  const [floorChoice, setFloorChoice] = useState<string | null>(null);
  const [tool, setTool] = useState<WallTool>('building');
  const [sliceMode, setSliceMode] = useState<SliceMode>('narrow');
  // Where step 1's section runs: the server's choice until the user drags it (a view, not the document).
  const [sectionLine, setSectionLine] = useState<SectionLine | null>(null);
  const [draft, setDraft] = useState<XY[]>([]);
  const [outlineId, setOutlineId] = useState<string | null>(null);
  // The corner of the selected outline that the arrow keys move (step 2).
  const [cornerId, setCornerId] = useState<string | null>(null);
  const [elevation, setElevation] = useState<ElevationRef | null>(null);
  const [openingIds, setOpeningIds] = useState<string[]>([]);

  const floors = floorsOf(doc);
  const floorId = floors.some((f) => f.id === floorChoice) ? floorChoice : (floors[0]?.id ?? null);
  const selectedLine = doc.floorLines.some((l) => l.id === lineId) ? lineId : null;

  const run = useCallback(
    (command: Command) => {
      if (readOnly) return 'notFound' as const;
      const result = history.run(command);
      setRefusal(result);
      return result;
    },
    [history, readOnly],
  );

  const handle = {
    canUndo: !readOnly && canUndo(history.history),
    canRedo: !readOnly && canRedo(history.history),
    undo: () => {
      setRefusal(null);
      history.undo();
    },
    redo: () => {
      setRefusal(null);
      history.redo();
    },
  };

  const act = (action: ShortcutAction) => {
    if (readOnly) return;
    if (action.type === 'undo') return handle.undo();
    if (action.type === 'redo') return handle.redo();
    if (action.type === 'tool') return setTool(action.tool);
    if (action.type === 'switchTool') return setTool((current) => (current === 'building' ? 'balcony' : 'building'));
    if (action.type === 'cancel') {
      setDraft([]);
      return setCornerId(null);
    }
    const corner = step === 'walls' && floorId ? cornerOf(doc, floorId, outlineId, cornerId) : null;
    if (action.type === 'nudgeCorner') {
      if (corner) run(moveOutlinePoint(floorId!, corner.outline.id, corner.vertex.id, corner.vertex.x + action.dx, corner.vertex.y + action.dy));
      return;
    }
    if (action.type === 'insertCorner') {
      const id = newId('v');
      if (corner && !run(addOutlinePoint(floorId!, corner.outline.id, corner.vertex.id, corner.midpoint[0], corner.midpoint[1], id))) setCornerId(id);
      return;
    }
    if (corner && action.type === 'delete') {
      if (!run(removeOutlinePoint(floorId!, corner.outline.id, corner.vertex.id))) setCornerId(null);
      return;
    }
    if (action.type === 'nudge') {
      const line = doc.floorLines.find((l) => l.id === selectedLine);
      if (line) run(moveFloorLine(line.id, Math.round((line.z + action.metres) * 100) / 100));
      return;
    }
    if (action.type === 'nudgeOpenings') {
      if (openingIds.length > 0) run(moveOpenings(openingIds, action.du, action.dv));
      return;
    }
    if (step === 'floors' && selectedLine) run(removeFloorLine(selectedLine));
    if (step === 'walls' && floorId && outlineId && !run(removeOutline(floorId, outlineId))) setOutlineId(null);
    if (step === 'openings' && openingIds.length > 0 && !run(removeOpenings(openingIds))) setOpeningIds([]);
  };
  useEditorKeys(step, act);

  const warning = useMemo(() => hasUnlinkedFloorsWithoutPolygons(doc), [doc]);

  return (
    <div className={styles.editor} data-testid="panelizer-editor" data-read-only={readOnly ? 'true' : 'false'}>
      <header className={styles.header}>
        {typeof header === 'function' ? header(session) : header}
        {!readOnly && persistence ? <SaveStatus autosave={autosave} persistence={persistence} rebaseOn={history.rebaseOn} /> : null}
        <StepTabs steps={STEPS} step={step} label={t('steps.label')} className={styles.steps} name={(s, i) => t('steps.step', { number: i + 1, name: t(`steps.${s}`) })} onSelect={setStep} />
        {!readOnly && (
          <div className={styles.undo}>
            <button type="button" onClick={handle.undo} disabled={!handle.canUndo} aria-keyshortcuts="Control+Z">
              {t('undo')}
            </button>
            <button type="button" onClick={handle.redo} disabled={!handle.canRedo} aria-keyshortcuts="Control+Shift+Z Control+Y">
              {t('redo')}
            </button>
          </div>
        )}
      </header>
      <div className={styles.messages}>
        <p role="status" aria-live="polite" className={styles.refusal}>
          {refusal ? t(`refused.${refusal}`) : ''}
        </p>
        {warning && step !== 'floors' ? (
          <p role="alert" className={styles.warning} data-testid="panelizer-unlinked-warning">
            {t('unlinkedWarning')}
          </p>
        ) : null}
      </div>
      <div className={styles.body}>
        {step !== 'floors' && (
          <FloorList
            doc={doc}
            selectedFloorId={floorId}
            onSelect={(id) => {
              setFloorChoice(id);
              setDraft([]);
              setOutlineId(null);
              setCornerId(null);
              setOpeningIds([]);
              setElevation(null);
            }}
          />
        )}
        <div className={styles.stage}>
          {step === 'floors' && (
            <FloorsStep
              doc={doc}
              readOnly={readOnly}
              run={run}
              loadPoints={loadPoints}
              selectedLineId={selectedLine}
              onSelectLine={setLineId}
              sliceMode={sliceMode}
              onSliceMode={setSliceMode}
              sectionLine={sectionLine}
              onSectionLine={setSectionLine}
            />
          )}
          {step === 'walls' && (
            <WallsStep
              doc={doc}
              readOnly={readOnly}
              run={run}
              loadPoints={loadPoints}
              floorId={floorId}
              tool={tool}
              onTool={setTool}
              sliceMode={sliceMode}
              onSliceMode={setSliceMode}
              draft={draft}
              onDraft={setDraft}
              selectedOutlineId={outlineId}
              onSelectOutline={(id) => {
                setOutlineId(id);
                setCornerId(null);
              }}
              selectedCornerId={cornerId}
              onSelectCorner={(outline, corner) => {
                setOutlineId(outline);
                setCornerId(corner);
              }}
            />
          )}
          {step === 'openings' && (
            <OpeningsStep
              doc={doc}
              readOnly={readOnly}
              run={run}
              loadPoints={loadPoints}
              floorId={floorId}
              elevation={elevation && elevation.floorId === floorId ? elevation : null}
              onElevation={(ref) => {
                // The list holds every floor's elevations: picking one picks its floor too.
                setFloorChoice(ref.floorId);
                setElevation(ref);
                setOpeningIds([]);
              }}
              selectedIds={openingIds}
              onSelect={setOpeningIds}
            />
          )}
        </div>
        {aside?.(doc, session)}
      </div>
    </div>
  );
}

