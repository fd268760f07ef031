'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';

export type SaveOutcome = { ok: true; version: number } | { ok: false; conflict: true };
export type SaveDocument = (doc: PanelizerDocument, version: number) => Promise<SaveOutcome>;
export type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';
/**
 * Work that needs the document saved first (an export, a rename), run in the save queue with the
 * saved version; it answers the project's new version when it changed it, else null.
 */
export type AfterSave = (task: (version: number) => Promise<number | null>) => Promise<boolean>;

/** Quiet time after the last edit before saving: a drag or a run of nudges is one save. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the document some time after each edit, with the version it was loaded or last saved at.
 * A stale version (409) stops saving and keeps the user's document as it is: they choose to put
 * it on top of the newest (`resolved`). A failure is retried on the next edit or by `retry`.
 * `afterSave` saves what is on screen now, without waiting for the quiet time, then runs its task
 * before any later save: an export holds what the user sees, and a rename's new version is the
 * one the next save builds on.
 */
export function useAutosave({ doc, version, save, enabled }: { doc: PanelizerDocument; version: number; save: SaveDocument; enabled: boolean }) {
  const [state, setState] = useState<SaveState>('saved');
  const saved = useRef(doc);
  const latest = useRef(doc);
  latest.current = doc;
  const versionRef = useRef(version);
  const saveRef = useRef(save);
  saveRef.current = save;
  const conflicted = useRef(false);
  // Saves run one after another: each needs the version the previous one answered.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [attempt, setAttempt] = useState(0);
  const blocked = state === 'conflict';

  /** Saves `target` unless it is saved already; whether it is saved afterwards. */
  const store = useCallback(async (target: PanelizerDocument): Promise<boolean> => {
    if (target === saved.current) return true;
    if (conflicted.current) return false;
    setState('saving');
    try {
      const outcome = await saveRef.current(target, versionRef.current);
      if (!outcome.ok) {
        conflicted.current = true;
        setState('conflict');
        return false;
      }
      saved.current = target;
      versionRef.current = outcome.version;
      setState(latest.current === target ? 'saved' : 'pending');
      return true;
    } catch {
      setState('failed');
      return false;
    }
  }, []);

  useEffect(() => {
    if (!enabled || blocked || doc === saved.current) return;
    setState('pending');
    const timer = setTimeout(() => {
      queue.current = queue.current.then(async () => {
        if (doc === latest.current) await store(doc);
      });
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, enabled, blocked, store, attempt]);

  // Leaving with unsaved edits asks first: the browser's own "leave site?" prompt.
  useEffect(() => {
    if (state === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  const afterSave = useCallback<AfterSave>(
    (task) => {
      const run = queue.current.then(async () => {
        if (!(await store(latest.current))) return false;
        const changed = await task(versionRef.current);
        if (changed !== null) versionRef.current = changed;
        return true;
      });
      // A failed task must not stop the saves queued after it; the caller hears of it.
      queue.current = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    [store],
  );

  return {
    state,
    afterSave,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    /** After a conflict: the newest version is now the base; the user's document saves on top of it. */
    resolved: useCallback((newestVersion: number) => {
      versionRef.current = newestVersion;
      conflicted.current = false;
      setState('pending');
      setAttempt((n) => n + 1);
    }, []),
  };
}

export type Autosave = ReturnType<typeof useAutosave>;
