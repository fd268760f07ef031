'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useAppTimeZone } from '@/lib/i18n/time-zone';
import type { UpdatableMissionField } from '@/lib/shared/schemas/mission-update';
import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import type { FieldKind } from './field-kinds';
import type { FormatContext } from './format-value';

interface MissionState {
  mission: MissionDetail;
  /** Fields the signed-in user may change (mission-access.ts, decided on the server). */
  editable: ReadonlySet<UpdatableMissionField>;
  /** How each editable field is edited, with the schema's limits (field-kinds.ts). */
  kinds: Partial<Record<UpdatableMissionField, FieldKind>>;
  /** Takes a newer mission (an answer of PATCH or an action) so the page shows it at once. */
  accept: (next: MissionDetail) => void;
  /**
   * The translator, locale and time zone the fields are shown with: made once here rather than in
   * each of the page's forty-odd fields (a translator per field was a tenth of a render's allocations).
   */
  format: FormatContext;
}

const MissionContext = createContext<MissionState | null>(null);

type Translate = FormatContext['t'];

/** Bounded: the fields' texts in a locale are a few hundred. */
const REMEMBERED_MAX = 5000;
const rememberedByCatalogue = new WeakMap<object, Map<string, string>>();

/**
 * The fields' texts (labels, states, "not set", the edit buttons' names) are the same on every page
 * of a locale, so each is formatted once per message catalogue (its object is kept across requests,
 * merge-messages.ts): a detail page asks for a hundred-odd, and next-intl's translator costs a few
 * microseconds per text. Texts with a value other than a string (a count, a date) are formatted
 * each time.
 */
function rememberedTexts(translate: Translate, messages: object, locale: string): Translate {
  let remembered = rememberedByCatalogue.get(messages);
  if (!remembered) rememberedByCatalogue.set(messages, (remembered = new Map()));
  const texts = remembered;
  return (key, values) => {
    if (values && Object.values(values).some((value) => typeof value !== 'string')) return translate(key, values);
    const id = values ? `${locale}\n${key}\n${JSON.stringify(values)}` : `${locale}\n${key}`;
    let text = texts.get(id);
    if (text === undefined) {
      text = translate(key, values);
      if (texts.size < REMEMBERED_MAX) texts.set(id, text);
    }
    return text;
  };
}

export function useMission(): MissionState {
  const state = useContext(MissionContext);
  if (!state) throw new Error('useMission outside <MissionProvider>');
  return state;
}

/**
 * The mission as the page currently knows it. The server renders it; every save or action answers
 * the changed mission, which replaces it here at once (the `version` for the next write included)
 * while router.refresh() brings the server-rendered parts along. Whichever copy is newer wins, so
 * a refresh that started before a save cannot roll the page back.
 */
export function MissionProvider({
  mission,
  editable,
  kinds,
  children,
}: {
  mission: MissionDetail;
  editable: readonly UpdatableMissionField[];
  kinds: Partial<Record<UpdatableMissionField, FieldKind>>;
  children: ReactNode;
}) {
  const [local, setLocal] = useState(mission);
  const current = local.version > mission.version ? local : mission;
  const accept = useCallback((next: MissionDetail) => setLocal(next), []);
  const editableSet = useMemo(() => new Set(editable), [editable]);
  const translate = useTranslations();
  const messages = useMessages();
  const locale = useLocale();
  const timeZone = useAppTimeZone();
  const format = useMemo(() => ({ t: rememberedTexts(translate, messages, locale), locale, timeZone }), [translate, messages, locale, timeZone]);
  const value = useMemo(() => ({ mission: current, editable: editableSet, kinds, accept, format }), [current, editableSet, kinds, accept, format]);
  return <MissionContext.Provider value={value}>{children}</MissionContext.Provider>;
}
