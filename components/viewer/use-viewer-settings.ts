'use client';

import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_VIEWER_SETTINGS, parseViewerSettings, viewerSettingsKey, type ViewerSettings } from '@/lib/shared/viewer/settings';

/**
 * The viewer settings of the signed-in user, remembered in this browser under their identity id
 * (no user-preferences table exists): read after mount (the server cannot know them), written on
 * every change. Storage that refuses (private mode, quota) leaves the settings live but unsaved.
 */
export function useViewerSettings(userId: string) {
  const key = viewerSettingsKey(userId);
  const [settings, setSettings] = useState<ViewerSettings>(DEFAULT_VIEWER_SETTINGS);

  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(key);
      if (stored) setSettings(parseViewerSettings(JSON.parse(stored)));
    } catch {
      // Unreadable storage or JSON: the defaults stay.
    }
  }, [key]);

  const update = useCallback(
    (change: Partial<ViewerSettings>) => {
      setSettings((current) => {
        const next = parseViewerSettings({ ...current, ...change });
        try {
          window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Not saved; still applied.
        }
        return next;
      });
    },
    [key],
  );

  const reset = useCallback(() => update(DEFAULT_VIEWER_SETTINGS), [update]);
  return { settings, update, reset };
}
