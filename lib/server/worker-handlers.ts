import 'server-only';
import { blurringDetectJob } from './blurring/detect-job';
import { blurringDetectHandler } from './blurring/detect-job-handler';
import { conversionCountJob, conversionDistributeJob, conversionIndexJob, conversionMergeJob } from './conversions/conversion-jobs';
import { conversionCountHandler, conversionDistributeHandler, conversionIndexHandler, conversionMergeHandler } from './conversions/stage-handlers';
import { datasetImportJob } from './datasets/import-job';
import { datasetImportHandler } from './datasets/import-job-handler';
import { datasetStallCheckHandler } from './datasets/stall-check';
import { datasetStallCheckJob } from './datasets/stall-check-job';
import { bindJob, type AnyJobDefinition } from './jobs/define';
import { mailDeliverJob } from './mail/deliver-job';
import { mailDeliverHandler } from './mail/deliver-job-handler';
import { maintenanceCleanupHandler } from './maintenance/cleanup';
import { maintenanceCleanupJob } from './maintenance/cleanup-job';
import { missionBackupJob } from './missions/backup/backup-job';
import { missionBackupHandler } from './missions/backup/backup-job-handler';
import { missionsExportJob } from './missions/export-job';
import { missionsExportHandler } from './missions/export-job-handler';
import { tourGenerateJob } from './tours/generate-job';
import { tourGenerateHandler } from './tours/generate-job-handler';
import { storageInventoryJob, storageRestoreJob, storageSyncJob, storageUnsyncJob, storageVerifyJob } from './storage-sync/storage-jobs';
import { storageInventoryHandler, storageRestoreHandler, storageSyncHandler, storageUnsyncHandler, storageVerifyHandler } from './storage-sync/storage-job-handlers';

/*
 * The worker's entry point binds each feature's job contract to its handler: the only place that
 * knows every job type. The app enqueues contracts (lib/server/jobs/enqueue.ts) and never loads
 * this file; lib/server/jobs/* imports no feature. A new job type: a contract and a handler in its
 * feature, one line here.
 */

export const maintenanceCleanup = bindJob(maintenanceCleanupJob, maintenanceCleanupHandler);
export const missionsExport = bindJob(missionsExportJob, missionsExportHandler);
export const missionBackup = bindJob(missionBackupJob, missionBackupHandler);
export const mailDeliver = bindJob(mailDeliverJob, mailDeliverHandler);
export const datasetImport = bindJob(datasetImportJob, datasetImportHandler);
export const datasetStallCheck = bindJob(datasetStallCheckJob, datasetStallCheckHandler);
export const conversionCount = bindJob(conversionCountJob, conversionCountHandler);
export const conversionDistribute = bindJob(conversionDistributeJob, conversionDistributeHandler);
export const conversionIndex = bindJob(conversionIndexJob, conversionIndexHandler);
export const conversionMerge = bindJob(conversionMergeJob, conversionMergeHandler);
export const blurringDetect = bindJob(blurringDetectJob, blurringDetectHandler);
export const tourGenerate = bindJob(tourGenerateJob, tourGenerateHandler);
export const storageSync = bindJob(storageSyncJob, storageSyncHandler);
export const storageUnsync = bindJob(storageUnsyncJob, storageUnsyncHandler);
export const storageRestore = bindJob(storageRestoreJob, storageRestoreHandler);
export const storageVerify = bindJob(storageVerifyJob, storageVerifyHandler);
export const storageInventory = bindJob(storageInventoryJob, storageInventoryHandler);

/** Every job type the worker process works. */
export const workerJobs: readonly AnyJobDefinition[] = [
  maintenanceCleanup, missionsExport, missionBackup, mailDeliver,
  datasetImport, datasetStallCheck, conversionCount, conversionDistribute, conversionIndex, conversionMerge,
  blurringDetect, tourGenerate, storageSync, storageUnsync, storageRestore, storageVerify, storageInventory,
] as AnyJobDefinition[];

const names = workerJobs.map((d) => d.name);
if (new Set(names).size !== names.length) throw new Error(`worker-handlers: a job type is bound twice (${names.join(', ')})`);
