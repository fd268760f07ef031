'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { DatasetType } from '@/lib/shared/schemas/dataset';
import type { UploadPurpose } from '@/lib/shared/uploads/protocol';
import type { ProgressSnapshot } from './progress';
import type { TusUpload, UploadState } from './tus-upload';

export interface UploadItem {
  name: string;
  state: UploadState;
  progress: ProgressSnapshot;
  /** Message key of the reason it stopped. */
  errorKey: string | null;
}

export type UploadAction = 'pause' | 'resume' | 'cancel';

const snapshot = (u: TusUpload): UploadItem => ({ name: u.file.name, state: u.state, progress: u.progress, errorKey: u.error?.key ?? null });
const ACTIVE: readonly UploadState[] = ['idle', 'uploading', 'paused'];

/**
 * The files one upload control sends to a mission, one after the other (a paused file lets the
 * next one go). `onServerChange` runs when an upload was created and when one finished (a scan's
 * dataset appeared, or got its file), e.g. to refresh the page's data.
 */
export function useTusUploads({ missionId, purpose, datasetType, onServerChange }: { missionId: number; purpose: UploadPurpose; datasetType?: DatasetType; onServerChange?: () => void }) {
  const uploads = useRef<TusUpload[]>([]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const changed = useRef(onServerChange);
  useEffect(() => {
    changed.current = onServerChange;
  }, [onServerChange]);
  // Leaving the page pauses what is running (the upload resumes from its last byte next time).
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      uploads.current.forEach((u) => u.pause());
    };
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      void (async () => {
        // The tus client loads with the first file chosen: pages that show an upload control do
        // not load it with the page.
        const { TusUpload } = await import('./tus-upload');
        if (gone.current) return;
        const created = files.map(
          (file) =>
            new TusUpload({
              file,
              missionId,
              purpose,
              datasetType,
              onChange: (u) => {
                setItems(uploads.current.map(snapshot));
                if (u.state === 'finished') changed.current?.();
              },
              onCreated: () => changed.current?.(),
            }),
        );
        // Finished and cancelled files leave the list when new ones come.
        uploads.current = [...uploads.current.filter((u) => u.state !== 'finished' && u.state !== 'cancelled'), ...created];
        setItems(uploads.current.map(snapshot));
        for (const upload of created) if (upload.state === 'idle') await upload.start();
      })();
    },
    [missionId, purpose, datasetType],
  );

  const act = useCallback((index: number, action: UploadAction) => {
    const upload = uploads.current[index];
    if (!upload) return;
    if (action === 'pause') upload.pause();
    else if (action === 'resume') void upload.resume();
    else void upload.cancel();
  }, []);

  return { items, add, act, busy: items.some((i) => ACTIVE.includes(i.state)) };
}
