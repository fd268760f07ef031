'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';

export type SaveOutcome = { ok: true; version: number } | { ok: false; conflict: true };
export type SaveDocument = (doc: PanelizerDocument, version: number) => Promise<SaveOutcome>;
export type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Quiet time after the last edit before saving: a drag or a run of nudges is one save. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the document some time after each edit, with the version it was loaded or last saved at.
 * A stale version (409) stops saving and keeps the user's document as it is: they choose to put
 * it on top of the newest (`resolved`). A failure is retried on the next edit or by `retry`.
 */
export function useAutosave({ doc, version, save, enabled }: { doc: PanelizerDocument; version: number; save: SaveDocument; enabled: boolean }) {
  const [state, setState] = useState<SaveState>('saved');
  const saved = useRef(doc);
  const latest = useRef(doc);
  latest.current = doc;
  const versionRef = useRef(version);
  // Saves run one after another: each needs the version the previous one answered.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [attempt, setAttempt] = useState(0);
  const blocked = state === 'conflict';

  useEffect(() => {
    if (!enabled || blocked || doc === saved.current) return;
    setState('pending');
    const timer = setTimeout(() => {
      queue.current = queue.current.then(async () => {
        if (doc !== latest.current || doc === saved.current) return;
        setState('saving');
        try {
          const outcome = await save(doc, versionRef.current);
          if (!outcome.ok) return setState('conflict');
          saved.current = doc;
          versionRef.current = outcome.version;
          setState(latest.current === doc ? 'saved' : 'pending');
        } catch {
          setState('failed');
        }
      });
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, enabled, blocked, save, attempt]);

  // Leaving with unsaved edits asks first: the browser's own "leave site?" prompt.
  useEffect(() => {
    if (state === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  return {
    state,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    /** After a conflict: the newest version is now the base; the user's document saves on top of it. */
    resolved: useCallback((newestVersion: number) => {
      versionRef.current = newestVersion;
      setState('pending');
      setAttempt((n) => n + 1);
    }, []),
  };
}
