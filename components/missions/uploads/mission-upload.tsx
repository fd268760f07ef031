'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { FileUpload, type FileProgress } from '@/components/ui/file-upload/file-upload';
import { useTusUploads, type UploadItem } from '@/lib/client/uploads/use-tus-uploads';
import type { DatasetType } from '@/lib/shared/schemas/dataset';
import { ACCEPT_EXTENSIONS, type UploadPurpose } from '@/lib/shared/uploads/protocol';

function useErrorText() {
  const t = useTranslations();
  return (key: string | null) => (key === null ? undefined : t.has(key as never) ? t(key as never) : t('errors.unknown'));
}

/**
 * Resumable upload of files to one mission (tus, lib/client/uploads): the spec's file-upload
 * control with a per-file bar, speed, time left, pause, resume and cancel. The page's data is
 * refreshed when an upload starts and when it finishes, so the dataset or file shows in its section.
 */
export function MissionUpload({
  missionId, purpose, datasetType, placeholder, onServerChange,
}: { missionId: number; purpose: UploadPurpose; datasetType?: DatasetType; placeholder?: string; onServerChange?: () => void }) {
  const router = useRouter();
  const errorText = useErrorText();
  const { items, add, act, busy } = useTusUploads({
    missionId, purpose, datasetType,
    // Pages holding their data on the client (not from the server render) refresh it themselves.
    onServerChange: () => {
      router.refresh();
      onServerChange?.();
    },
  });
  const files = items.map(
    (item: UploadItem): FileProgress => ({
      name: item.name,
      percent: item.progress.percent,
      status: item.state === 'idle' ? 'uploading' : item.state,
      speed: item.progress.speed,
      secondsLeft: item.progress.secondsLeft,
      error: errorText(item.errorKey),
    }),
  );
  return (
    <FileUpload
      accept={ACCEPT_EXTENSIONS[purpose].split(',')}
      multiple
      directory={false}
      uploading={busy}
      progress={{ files }}
      placeholder={placeholder}
      onUpload={(selection) => add(selection.files)}
      onFileAction={act}
    />
  );
}
