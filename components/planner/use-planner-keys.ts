'use client';
import { useEffect, type Dispatch, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { DrawingAction, DrawingState } from './drawing';
import { keyDrawing } from './keyboard-drawing';

/**
 * Keyboard access for drawing (spec §2): Ctrl/⌘+Z undoes, Escape cancels the outline being
 * drawn, Enter finishes it, Delete/Backspace deletes the selected corner. On the focused map the
 * keys of `keyDrawing` draw and edit outlines at the map's centre. Keys typed into form fields
 * keep their usual meaning (text undo, Enter submits).
 */
export function usePlannerKeys(dispatch: Dispatch<DrawingAction>, state: DrawingState, map: RefObject<MapRef | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const onMap = map.current && target?.closest('.maplibregl-map');
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        dispatch({ type: 'undo' });
      } else if (event.key === 'Escape') {
        dispatch({ type: 'cancel' });
      } else if (event.key === 'Enter' && state.draft) {
        event.preventDefault();
        dispatch({ type: 'finish' });
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        dispatch({ type: 'deleteSelected' });
      } else if (onMap && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const { lng, lat } = map.current!.getCenter();
        const result = keyDrawing(event.key, event.shiftKey, state, [lng, lat]);
        if (!result) return;
        event.preventDefault();
        dispatch(result.action);
        if (result.show) map.current!.easeTo({ center: result.show });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch, state, map]);
}
