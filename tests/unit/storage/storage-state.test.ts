import { classifyCloudError, CloudError } from '@/lib/server/storage-sync/cloud-errors';
import { missionStorageState, progressOf, type StateInput } from '@/lib/server/storage-sync/storage-state';
import { missionIdOfKey, pathInMission } from '@/lib/server/storage-sync/mission-keys';

const base: StateInput = { operation: null, running: false, error: null, lastSyncedAt: null, unsyncedAt: null, fileCount: 3, filesInCloud: 0, deletedInCloud: 0, cloudOnline: false };
const at = (iso: string) => new Date(iso);

describe('the state /storage shows', () => {
  it('names each state of issue 15', () => {
    expect(missionStorageState(base)).toBe('notSynced');
    expect(missionStorageState({ ...base, running: true, operation: 'sync' })).toBe('syncing');
    expect(missionStorageState({ ...base, running: true, operation: 'unsync' })).toBe('unsyncing');
    expect(missionStorageState({ ...base, running: true, operation: 'restore', error: 'errors.storage.unreachable' })).toBe('restoring');
    expect(missionStorageState({ ...base, error: 'errors.storage.unreachable' })).toBe('error');
    const synced = { ...base, cloudOnline: true, lastSyncedAt: at('2026-11-25T10:00:00Z'), filesInCloud: 3 };
    expect(missionStorageState(synced)).toBe('synced');
    expect(missionStorageState({ ...synced, fileCount: 4 })).toBe('outOfDate');
    // a file deleted on purpose whose cloud copy is still there: the next sync removes it
    expect(missionStorageState({ ...synced, deletedInCloud: 1 })).toBe('outOfDate');
    expect(missionStorageState({ ...synced, cloudOnline: false, filesInCloud: 0, unsyncedAt: at('2026-11-25T11:00:00Z') })).toBe('unsynced');
  });

  it('estimates the time left from the bytes moved so far', () => {
    const p = progressOf({ filesDone: 1, filesTotal: 4, bytesDone: 250, bytesTotal: 1000, startedAt: at('2026-11-25T10:00:00Z') }, at('2026-11-25T10:00:10Z'));
    expect(p).toMatchObject({ percent: 25, secondsLeft: 30 });
    expect(progressOf({ filesDone: 0, filesTotal: 4, bytesDone: 0, bytesTotal: 1000, startedAt: at('2026-11-25T10:00:00Z') }, at('2026-11-25T10:00:10Z')).secondsLeft).toBeNull();
  });
});

describe('cloud faults', () => {
  it('names an unreachable, refusing or full cloud, also when the SDK wraps the socket error', () => {
    const fault = (err: unknown) => (classifyCloudError(err) as CloudError).fault;
    expect(fault(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('unreachable');
    expect(fault(new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9'))).toBe('unreachable');
    expect(fault(Object.assign(new Error('denied'), { name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } }))).toBe('credentials');
    expect(fault(Object.assign(new Error('disk'), { code: 'ENOSPC' }))).toBe('full');
    const other = new Error('something else');
    expect(classifyCloudError(other)).toBe(other);
  });
});

describe('mission keys', () => {
  it('knows which mission a stored object belongs to', () => {
    expect(missionIdOfKey('missions/12/datasets/7/original.laz')).toBe(12);
    expect(missionIdOfKey('backups/missions/12/job.tar.gz')).toBe(12);
    expect(missionIdOfKey('tmp/jobs/x/part')).toBeNull();
    expect(pathInMission('missions/12/datasets/7/original.laz', 12)).toBe('datasets/7/original.laz');
    expect(pathInMission('backups/missions/12/job.tar.gz', 12)).toBe('backups/job.tar.gz');
  });
});
