'use client';

import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslations } from 'next-intl';
import { DEFAULT_ACCEPT, fileTypeIssue } from '@/lib/shared/validation/file-types';
import type { ValidationIssue } from '@/lib/shared/validation/issue';
import { useTranslateIssue } from '../use-translate-issue';
import { filesFromDrop, filesFromInput, type PickedFile } from './collect-files';
import styles from './file-upload.module.css';
import { UploadProgressView, type FileAction, type UploadProgress } from './upload-progress';

export type { FileAction, FileProgress, FileTransferStatus, UploadProgress } from './upload-progress';

export interface UploadSelection {
  files: File[];
  /** Paths relative to the chosen folder, parallel to `files`. */
  paths: string[];
  fieldName: string;
  /** A multipart body: every file under `fieldName`, named by its relative path. */
  toFormData: () => FormData;
}

export interface FileUploadProps {
  /** Wildcards image/*, audio/*, video/*, exact MIME types or '.suffix' entries. */
  accept?: readonly string[];
  /** Lets the picker choose several files (folders always bring all their files). */
  multiple?: boolean;
  /** Folder-only selection: the picker chooses a directory. */
  directory?: boolean;
  disabled?: boolean;
  /** Set by the parent while it transfers the files it received from onUpload. */
  uploading?: boolean;
  progress?: UploadProgress;
  /** Multipart field name. */
  fieldName?: string;
  placeholder?: string;
  onUpload: (selection: UploadSelection) => void;
  /** Per-file pause, resume and cancel buttons in the progress list (index into `progress.files`). */
  onFileAction?: (index: number, action: FileAction) => void;
  className?: string;
}

export function toFormData(picked: readonly PickedFile[], fieldName: string): FormData {
  const form = new FormData();
  for (const { file, path } of picked) form.append(fieldName, file, path || file.name);
  return form;
}

/**
 * Spec §4/§5: idle → files selected (Clear, Upload) → uploading (spinner, 'Uploading', progress).
 * Every file must match `accept`, otherwise the whole selection is dropped with the
 * 'Invalid file type' message: a half-accepted folder would upload an incomplete dataset.
 */
export function FileUpload({
  accept = DEFAULT_ACCEPT,
  multiple = false,
  directory = true,
  disabled = false,
  uploading = false,
  progress,
  fieldName = 'files',
  placeholder,
  onUpload,
  onFileAction,
  className,
}: FileUploadProps) {
  const t = useTranslations('ui.fileUpload');
  const translate = useTranslateIssue();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [error, setError] = useState<ValidationIssue | null>(null);
  const [dragging, setDragging] = useState(false);
  const inert = disabled || uploading;
  const state = uploading ? 'uploading' : picked.length > 0 ? 'selected' : 'idle';
  const failed = progress?.files?.flatMap((file, index) => (file.status === 'error' ? [{ file, index }] : [])) ?? [];

  const choose = (files: PickedFile[]) => {
    const chosen = directory || multiple ? files : files.slice(0, 1);
    const problem = fileTypeIssue(chosen.map((p) => p.file), accept);
    setError(problem);
    setPicked(problem ? [] : chosen);
    // Lets the same folder be chosen again after Clear or an error.
    if (input.current) input.current.value = '';
  };
  const clear = () => {
    setPicked([]);
    setError(null);
  };
  const upload = () => {
    const selection = picked;
    onUpload({ files: selection.map((p) => p.file), paths: selection.map((p) => p.path), fieldName, toFormData: () => toFormData(selection, fieldName) });
    setPicked([]);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!inert) choose(filesFromInput(event.target.files));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = inert ? 'none' : 'copy';
    if (!inert) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (inert) return;
    void filesFromDrop(event.dataTransfer).then(choose);
  };

  // React does not know the non-standard folder-picker attributes; they pass through as strings.
  const folderPicker = directory ? ({ webkitdirectory: '', directory: '' } as Record<string, string>) : {};
  const zoneClass = [styles.zone, dragging && styles.dragging, inert && styles.inert].filter(Boolean).join(' ');
  return (
    <div className={[styles.upload, className].filter(Boolean).join(' ')} data-state={state}>
      <label
        htmlFor={inputId}
        className={zoneClass}
        aria-disabled={inert || undefined}
        data-testid="file-upload-zone"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          {...folderPicker}
          ref={input}
          id={inputId}
          className={styles.input}
          type="file"
          name={fieldName}
          accept={accept.join(',')}
          multiple={multiple || directory}
          disabled={inert}
          onChange={onInputChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <span className={styles.placeholder}>{placeholder ?? (directory ? t('placeholder') : t('placeholderFiles'))}</span>
        <span>{t('dropHint')}</span>
      </label>
      {error && (
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {translate(error)}
        </p>
      )}
      {state === 'selected' && <p className={styles.summary}>{t('selected', { count: picked.length })}</p>}
      {/* Clear also dismisses a file-type error; Upload needs a selection. */}
      {!uploading && (picked.length > 0 || error) && (
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={clear} disabled={inert}>
            {t('clear')}
          </button>
          {picked.length > 0 && (
            <button type="button" className={`${styles.button} ${styles.primary}`} onClick={upload} disabled={inert}>
              {t('upload')}
            </button>
          )}
        </div>
      )}
      {state === 'uploading' && <UploadProgressView progress={progress} onFileAction={onFileAction} />}
      {/* After the transfers: files that failed stay listed with their reason (and resume). */}
      {state !== 'uploading' && failed.length > 0 && (
        <UploadProgressView progress={{ files: failed.map((f) => f.file) }} busy={false} onFileAction={onFileAction && ((i, action) => onFileAction(failed[i]!.index, action))} />
      )}
    </div>
  );
}
