'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { MapView } from '@/components/map/base-map';
import { useNotify } from '@/components/platform/notifications';
import { missions } from '@/lib/client/api/missions';
import { ApiError } from '@/lib/client/fetcher';
import { fieldKeys } from '@/lib/shared/errors';
import { decodeIssue, translateIssue, type Translate } from '@/lib/shared/validation/issue';
import { VALIDATION_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import { BuildingList } from './building-list';
import { createMissionBody } from './create-body';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft-storage';
import { drawingReducer, initialDrawing, plannedOf, type PlannedBuilding } from './drawing';
import { autoFilledDelivery, validateMissionForm, type FormErrors } from './form-rules';
import { EMPTY_FORM, type FormField, type MissionFormValues } from './form-values';
import { PlaceFinder } from './place-finder';
import { MissionForm } from './mission-form';
import type { PlannerConfig } from './planner-config';
import { PlannerMap } from './planner-map';
import { isPlanConflict, rebasePlan, saveMissionPlan } from './save-plan';
import { usePlannerKeys } from './use-planner-keys';
import styles from './planner.module.css';

export interface PlannerViewProps {
  config: PlannerConfig;
  initialView: MapView;
  /** Editing an existing mission's plan (`/planner?mission={id}`); null for a new mission. */
  mission: { id: number; name: string; buildings: PlannedBuilding[] } | null;
  /** Issue #7: a geocoder is configured (GEOCODER_URL), so the address search is offered. */
  geocoder?: boolean;
}

/** Server field errors ('buildings.0.name', 'products') → the form's fields and message keys. */
function serverFieldErrors(err: unknown): FormErrors {
  if (!(err instanceof ApiError)) return {};
  const fields = fieldKeys(err.details?.fields);
  const errors: FormErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const field = path.split('.')[0] as FormField;
    const first = messages[0] ?? '';
    // Validation issues and the server's rule keys (errors.missions.*) are shown as they are; anything else generically.
    errors[field] ??= decodeIssue(first) || first.startsWith('errors.missions.') ? first : 'missions.messages.invalidData';
  }
  return errors;
}

/** spec §2 /planner: draw the buildings on the map, fill in the mission, save. */
export function PlannerView({ config, initialView, mission, geocoder = false }: PlannerViewProps) {
  const t = useTranslations('planner');
  const tAll = useTranslations();
  const router = useRouter();
  const notify = useNotify();
  const [state, dispatch] = useReducer(drawingReducer, mission?.buildings ?? [], initialDrawing);
  const [values, setValues] = useState<MissionFormValues>(() => ({
    ...EMPTY_FORM,
    companyId: config.chooseCompany || config.ownCompanyId === null ? '' : String(config.ownCompanyId),
  }));
  const [deliveryEdited, setDeliveryEdited] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [shown, setShown] = useState<FormErrors>({});
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [restored, setRestored] = useState(false);
  const map = useRef<MapRef | null>(null);
  /** The stored plan the drawing started from: what a merge after a conflict compares against. */
  const base = useRef<PlannedBuilding[]>(mission?.buildings ?? []);
  /** The drawing as it is now, also when a save answers after more edits. */
  const latest = useRef(state.buildings);
  useEffect(() => {
    latest.current = state.buildings;
  }, [state.buildings]);
  const flyTo = (latitude: number, longitude: number) => map.current?.jumpTo({ center: [longitude, latitude], zoom: 18 });
  const key = draftKey(mission?.id ?? null);
  usePlannerKeys(dispatch, state, map);

  // Restore a kept draft once, in the browser (localStorage does not exist on the server).
  useEffect(() => {
    const draft = readDraft(key);
    if (draft && (draft.buildings.length > 0 || draft.values)) {
      dispatch({ type: 'load', buildings: draft.buildings });
      if (mission && Array.isArray(draft.base)) base.current = draft.base;
      if (draft.values && !mission) setValues({ ...EMPTY_FORM, ...draft.values });
      setDeliveryEdited(!!draft.deliveryEdited);
    }
    setRestored(true);
  }, [key, mission]);

  useEffect(() => {
    if (restored) writeDraft(key, { values: mission ? undefined : values, deliveryEdited, buildings: state.buildings, base: mission ? base.current : undefined });
  }, [restored, key, mission, values, deliveryEdited, state.buildings]);

  const company = config.companies.find((c) => String(c.id) === values.companyId);
  const errors = useMemo(
    () => validateMissionForm(values, { limits: config.limits, isMaterialsPartner: !!company?.isMaterialsPartner, buildings: state.buildings }),
    [values, config.limits, company, state.buildings],
  );

  // spec §5: errors of touched fields appear once typing pauses; after a save attempt, all of them.
  useEffect(() => {
    const timer = setTimeout(() => {
      const visible: FormErrors = {};
      for (const [field, message] of Object.entries(errors) as [FormField, string][]) {
        if (submitted || touched.has(field)) visible[field] = message;
      }
      setShown(visible);
    }, VALIDATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [errors, touched, submitted]);

  const message = useCallback(
    (source: string | undefined) => (source ? (source.startsWith('validation.') ? translateIssue(tAll as unknown as Translate, source) : tAll(source)) : undefined),
    [tAll],
  );

  const onChange = (changes: Partial<MissionFormValues>) => {
    const fields = Object.keys(changes) as FormField[];
    const edited = 'deliveryDate' in changes ? changes.deliveryDate !== '' : deliveryEdited;
    if ('deliveryDate' in changes) setDeliveryEdited(edited);
    setValues((previous) => {
      const next = { ...previous, ...changes };
      return { ...next, deliveryDate: autoFilledDelivery(next, edited) };
    });
    setTouched((previous) => new Set([...previous, ...fields]));
    setServerErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([f]) => !fields.includes(f as FormField))));
  };

  const visibleErrors: FormErrors = mission ? {} : { ...shown, ...serverErrors };
  const buildingsError = message(submitted ? (serverErrors.buildings ?? errors.buildings) : undefined);

  const saveNew = async () => {
    setSubmitted(true);
    setShown(errors);
    if (Object.keys(errors).length > 0) {
      notify({ type: 'error', text: t('messages.fixErrors') });
      return;
    }
    setSaving(true);
    try {
      const created = await missions.createMission({ body: createMissionBody(values, state.buildings, config.storeyHeightM) });
      clearDraft(key);
      router.push(`/mission/${created.id}`);
    } catch (err) {
      setServerErrors(serverFieldErrors(err));
      notify({ type: 'error', text: tAll('missions.messages.failedToSave') });
      setSaving(false);
    }
  };

  // The save names the buildings of `base` no longer drawn as removed, so a building someone else
  // added meanwhile is a conflict, never deleted unseen. A failed save leaves the drawing (and its
  // kept draft) as it is. After a conflict the drawing is merged with what was saved meanwhile (their
  // new buildings join it) and `base` becomes that plan, so that saving again succeeds and loses
  // neither's edits.
  const savePlan = async (id: number) => {
    setSubmitted(true);
    if (errors.buildings) return;
    setSaving(true);
    try {
      await saveMissionPlan(id, base.current, state.buildings, config.storeyHeightM);
      clearDraft(key);
      router.push(`/mission/${id}`);
      return;
    } catch (err) {
      let text = tAll('missions.messages.failedToSave');
      if (isPlanConflict(err)) {
        try {
          const { items } = await missions.listMissionBuildings({ params: { id } });
          dispatch({ type: 'rebase', buildings: rebasePlan(base.current, latest.current, items) });
          base.current = items.map(plannedOf);
          text = t('messages.changedMeanwhile');
        } catch {
          // The mission itself is gone or out of reach: the generic message, the drawing stays.
        }
      }
      notify({ type: 'error', text });
    }
    setSaving(false);
  };

  const drawing = state.draft !== null;
  return (
    <div className={styles.planner}>
      {/* Save sits at the top: error notifications stack up at the bottom right. */}
      <div className={styles.header}>
        <h1 className={styles.title}>{mission ? t('editTitle', { id: mission.id, name: mission.name }) : t('title')}</h1>
        <button type="button" className={styles.save} disabled={saving} onClick={() => void (mission ? savePlan(mission.id) : saveNew())}>
          {mission ? t('savePlan') : t('save')}
        </button>
      </div>
      <div className={styles.layout}>
        <div className={styles.mapColumn}>
          <div className={styles.toolbar} role="toolbar" aria-label={t('tools.label')}>
            {drawing ? (
              <>
                <button type="button" onClick={() => dispatch({ type: 'finish' })} disabled={(state.draft?.length ?? 0) < 3}>
                  {t('tools.finish')}
                </button>
                <button type="button" onClick={() => dispatch({ type: 'cancel' })}>
                  {t('tools.cancel')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => dispatch({ type: 'start' })}>
                {t('tools.draw')}
              </button>
            )}
            <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={state.history.length === 0}>
              {t('tools.undo')}
            </button>
            <button type="button" onClick={() => dispatch({ type: 'deleteSelected' })} disabled={state.selection?.vertex === undefined}>
              {t('tools.deleteCorner')}
            </button>
          </div>
          <PlannerMap
            state={state}
            dispatch={dispatch}
            initialView={initialView}
            styleUrl={config.styleUrl}
            label={t('map')}
            className={styles.map}
            onMapReady={(ref) => (map.current = ref)}
          />
          <p className={styles.hint}>{drawing ? t('help.drawing') : t('help.editing')}</p>
          <p className={styles.hint}>{t('help.keyboard')}</p>
          <PlaceFinder geocoder={geocoder} onGo={flyTo} />
        </div>
        <div className={styles.panel}>
          <BuildingList state={state} dispatch={dispatch} storeyHeightM={config.storeyHeightM} error={buildingsError} />
          {!mission && <MissionForm values={values} errors={visibleErrors} config={config} message={message} onChange={onChange} />}
        </div>
      </div>
    </div>
  );
}
