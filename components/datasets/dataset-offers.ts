import type { DatasetDto } from '@/lib/shared/schemas/dataset';

/*
 * Which row actions a dataset offers. The server decides (cancel-dataset.ts, restart-dataset.ts,
 * check-dataset.ts); these mirror its rules so the page does not offer what it would refuse.
 */

const CANCELLABLE: readonly string[] = ['imported', 'processing', 'processed'];
const RESTARTABLE: readonly string[] = ['error', 'available', 'checked', 'unknown', 'imported', 'processed'];
const WORKING: readonly string[] = ['uploading', 'imported', 'processing', 'processed'];

type Row = Pick<DatasetDto, 'status' | 'storageKey' | 'conversion'>;

/** Something is happening to it that the page should watch (upload, import, conversion). */
export function isActive(d: Row): boolean {
  return WORKING.includes(d.status) || d.conversion?.state === 'queued' || d.conversion?.state === 'running';
}

export interface Offers {
  cancel: boolean;
  restart: boolean;
  check: boolean;
}

/**
 * `canProcess`: the user may process the mission's scans (mission capability hold); `canCheck`:
 * an internal user. A conversion under way is cancelled first, then restarted.
 */
export function offersOf(d: Row, { canProcess, canCheck }: { canProcess: boolean; canCheck: boolean }): Offers {
  const converting = d.conversion?.state === 'queued' || d.conversion?.state === 'running';
  return {
    cancel: canProcess && CANCELLABLE.includes(d.status),
    restart: canProcess && d.storageKey !== null && RESTARTABLE.includes(d.status) && !converting,
    check: canCheck && d.status === 'available',
  };
}
