'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { measurements as api } from '@/lib/client/api/measurements';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import { ApiError } from '@/lib/client/fetcher';
import { EMPTY_HISTORY, record, redoStep, redone, requestFor, undoStep, undone, type History, type ItemState, type Step } from '@/lib/shared/measurements/history';
import type { MeasurementDto, MeasurementInput } from '@/lib/shared/schemas/measurement';

export type ItemChange = Partial<Pick<ItemState, 'name' | 'visible' | 'points' | 'data'>>;

const stateOf = (item: MeasurementDto): ItemState => ({ kind: item.kind, name: item.name, visible: item.visible, points: item.points, data: item.data });

/**
 * The mission's saved viewer items: read for everyone who sees the mission; for those who may edit
 * it, every change is saved as it is made and can be undone and redone in this session. A change
 * that fails (someone else changed the item meanwhile: 409) is reported and the list read again.
 */
export function useMeasurements(missionId: number) {
  const t = useTranslations('viewer.items');
  const notify = useNotify();
  const list = useEndpoint(api.listMeasurements, { params: { id: missionId } }, { revalidateOnFocus: false });
  const items = list.data?.items ?? [];
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  const [busy, setBusy] = useState(false);
  // Session reference → server id (undoing a deletion creates the item under a new id).
  const ids = useRef(new Map<string, number>());
  const refs = useRef(0);

  const refOf = (id: number) => {
    for (const [ref, bound] of ids.current) if (bound === id) return ref;
    const ref = `item-${id}`;
    ids.current.set(ref, id);
    return ref;
  };

  const failed = useCallback(
    (err: unknown) => {
      notify({ type: 'error', text: err instanceof ApiError && err.code === 'version_conflict' ? t('conflict') : t('saveFailed') });
      void list.mutate();
    },
    [list, notify, t],
  );

  /** Runs one save; false when it failed (reported). */
  const run = useCallback(
    async (save: () => Promise<void>) => {
      setBusy(true);
      try {
        await save();
        return true;
      } catch (err) {
        failed(err);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [failed],
  );

  const current = (id: number) => (list.data?.items ?? []).find((i) => i.id === id);

  /** Saves a new item; the saved item, or null when it failed (reported). */
  const create = async (input: MeasurementInput): Promise<MeasurementDto | null> => {
    let made: MeasurementDto | null = null;
    await run(async () => {
      const saved = await api.createMeasurement({ params: { id: missionId }, body: input });
      made = saved;
      const ref = `new-${(refs.current += 1)}`;
      ids.current.set(ref, saved.id);
      setHistory((h) => record(h, { ref, before: null, after: stateOf(saved) }));
      await list.mutate((d) => ({ items: [...(d?.items ?? []), saved] }), { revalidate: false });
    });
    return made;
  };

  /** Saves a change; the saved item, or null when it failed (reported) or the item is gone. */
  const change = async (id: number, patch: ItemChange): Promise<MeasurementDto | null> => {
    let changed: MeasurementDto | null = null;
    await run(async () => {
      const item = current(id);
      if (!item) return;
      const saved = await api.updateMeasurement({ params: { id }, body: { version: item.version, ...patch } });
      changed = saved;
      setHistory((h) => record(h, { ref: refOf(id), before: stateOf(item), after: stateOf(saved) }));
      await list.mutate((d) => ({ items: (d?.items ?? []).map((i) => (i.id === id ? saved : i)) }), { revalidate: false });
    });
    return changed;
  };

  const remove = (id: number) =>
    run(async () => {
      const item = current(id);
      if (!item) return;
      await api.deleteMeasurement({ params: { id }, query: { version: item.version } });
      setHistory((h) => record(h, { ref: refOf(id), before: stateOf(item), after: null }));
      await list.mutate((d) => ({ items: (d?.items ?? []).filter((i) => i.id !== id) }), { revalidate: false });
    });

  /** Carries out an undo or redo step against the server. */
  const apply = async (step: Step) => {
    const id = ids.current.get(step.ref);
    const item = id === undefined ? undefined : current(id);
    switch (requestFor(step)) {
      case 'create': {
        const to = step.to!;
        const saved = await api.createMeasurement({ params: { id: missionId }, body: { ...to } as MeasurementInput });
        ids.current.set(step.ref, saved.id);
        break;
      }
      case 'update': {
        if (!item) throw new ApiError(409, 'version_conflict', 'gone');
        const { name, visible, points, data } = step.to!;
        await api.updateMeasurement({ params: { id: item.id }, body: { version: item.version, name, visible, points, data } });
        break;
      }
      case 'delete':
        if (!item) throw new ApiError(409, 'version_conflict', 'gone');
        await api.deleteMeasurement({ params: { id: item.id }, query: { version: item.version } });
        break;
      case 'none':
        break;
    }
    await list.mutate();
  };

  const undo = () => {
    const step = undoStep(history);
    if (step) void run(async () => apply(step)).then((ok) => ok && setHistory(undone));
  };
  const redo = () => {
    const step = redoStep(history);
    if (step) void run(async () => apply(step)).then((ok) => ok && setHistory(redone));
  };

  return {
    items,
    loading: list.data === undefined && list.error === undefined,
    loadFailed: list.data === undefined && list.error !== undefined,
    reload: () => void list.mutate(),
    busy,
    create,
    change,
    remove,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
