import type { MissionDetail } from '@/lib/shared/schemas/mission-view';
import type { DatasetDto, MissionPointcloudDto } from '@/lib/shared/schemas/dataset';

/** A full-view mission as GET /api/v2/missions/{id} answers it. */
export function fullMission(overrides: Partial<Extract<MissionDetail, { view: 'full' }>> = {}): Extract<MissionDetail, { view: 'full' }> {
  return {
    view: 'full',
    id: 12,
    name: 'Rathaus Mitte',
    companyId: 3,
    customerId: 6,
    subCustomerId: null,
    internalReference: 'ARG-0012',
    customerReference: null,
    orderConfirmationNumber: null,
    ownerId: null,
    assigneeId: null,
    tagIds: [],
    priority: 'normal',
    status: 'in_progress',
    pipelineStatus: 'queued',
    step: 'scan',
    ready: false,
    approved: false,
    cloudOnline: false,
    address: 'Marktplatz 1, Köln',
    latitude: 50.9375,
    longitude: 6.9603,
    products: ['pointcloud'],
    additionalProducts: [],
    scanAppointment: '2026-05-04T08:00:00.000Z',
    startFromOffice: '2026-05-04T06:30:00.000Z',
    createdBy: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    deliveredOn: null,
    deliveryDate: null,
    pclDeliveryDate: '2026-05-20',
    cadDeliveryDate: null,
    externalDeliveryDate: '2026-06-01',
    externalMissionStatus: null,
    externalOrderReference: null,
    description: 'Scan the town hall.',
    pclTeamDescription: null,
    scanOperatorNotes: null,
    blurringInstructions: 'Blur every face.',
    closed: false,
    hidden: false,
    onHold: false,
    backupState: 'none',
    backedUpAt: null,
    cloudSyncState: 'unsynced',
    cloudSyncedAt: null,
    version: 4,
    buildings: [],
    company: { id: 3, name: 'Nord Bau GmbH' },
    customer: { id: 6, name: 'Nord Bau', customerNumber: 6 },
    subCustomer: null,
    owner: null,
    assignee: null,
    creator: null,
    tags: [],
    ...overrides,
  };
}

/** The error envelope of the API (lib/shared/errors.ts). */
export const envelope = (code: string, message: string, details?: Record<string, unknown>) => ({ error: { code, message, details } });

/** A dataset as GET /api/v2/missions/{id}/datasets lists it. */
export function dataset(overrides: Partial<DatasetDto> = {}): DatasetDto {
  return {
    id: 101,
    datasetId: 'SCAN-0101',
    missionId: 12,
    type: 'indoor',
    status: 'processing',
    progress: 42.5,
    createdAt: '2026-03-03T09:00:00.000Z',
    lastSeenAt: '2026-03-03T09:30:00.000Z',
    storageKey: 'uploads/12/scan-0101.laz',
    sizeBytes: 1_500_000_000,
    version: 3,
    filename: 'erdgeschoss.laz',
    format: 'laz',
    pointFormat: 6,
    pointCount: 12_345_678,
    bounds: null,
    crs: null,
    cloudReady: false,
    cloudBytes: null,
    errorKey: null,
    errorDetail: null,
    stalledAt: null,
    checkedAt: null,
    conversion: {
      id: 7,
      state: 'running',
      stage: 'index',
      progress: 42.5,
      chunksTotal: 8,
      chunksDone: 3,
      pointCount: null,
      sizeBytes: null,
      errorKey: null,
      startedAt: '2026-03-03T09:10:00.000Z',
      finishedAt: null,
      secondsLeft: 750,
    },
    ...overrides,
  };
}

/** The online point cloud's state as GET /api/v2/missions/{id}/pointcloud answers it. */
export function pointcloud(overrides: Partial<MissionPointcloudDto> = {}): MissionPointcloudDto {
  return { missionId: 12, conversion: null, ready: false, pointCount: null, sizeBytes: null, builtAt: null, datasetIds: [], availableDatasetIds: [], outdated: false, ...overrides };
}
