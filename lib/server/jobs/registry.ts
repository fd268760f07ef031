import 'server-only';
import type { z } from 'zod';
import type { JobRow } from '../db/schema/jobs';
import { pool } from '../db/client';
import type { AnyJobDefinition, Executor, JobDefinition } from './define';
import { mailDeliver } from './definitions/mail-deliver';
import { maintenanceCleanup } from './definitions/maintenance-cleanup';
import { missionBackup } from './definitions/mission-backup';
import { missionsExport } from './definitions/missions-export';
import { createJobQueue, type EnqueueOptions, type JobQueue } from './queue';

/** Every job type. Add a definition here and both the app and the worker know it. */
export const jobDefinitions = {
  'maintenance.cleanup': maintenanceCleanup,
  'missions.export': missionsExport,
  'mission.backup': missionBackup,
  'mail.deliver': mailDeliver,
} as const satisfies Record<string, AnyJobDefinition>;

for (const [type, definition] of Object.entries(jobDefinitions)) {
  if (definition.name !== type) throw new Error(`job registry: key ${type} must equal the definition's name ${definition.name}`);
}

export type JobType = keyof typeof jobDefinitions;
type DefinitionOf<T extends JobType> = (typeof jobDefinitions)[T];
export type JobInput<T extends JobType> = DefinitionOf<T> extends JobDefinition<infer S, unknown> ? z.input<S> : never;

export const allDefinitions: readonly AnyJobDefinition[] = Object.values(jobDefinitions) as AnyJobDefinition[];

const holder = globalThis as unknown as { __argusJobQueue?: JobQueue };

/** The app's queue, on the app's database pool. */
export function jobQueue(): JobQueue {
  holder.__argusJobQueue ??= createJobQueue({ pool: pool(), definitions: allDefinitions });
  return holder.__argusJobQueue;
}

export interface EnqueueRequest<T extends JobType> extends EnqueueOptions {
  type: T;
  data: JobInput<T>;
}

/**
 * Starts a background job: validates the input, writes the `job` row users see and the pg-boss
 * job in one transaction (`db` may be the caller's transaction), and wakes a worker.
 */
export function enqueueJob<T extends JobType>(db: Executor, { type, data, ...options }: EnqueueRequest<T>): Promise<JobRow> {
  const definition = jobDefinitions[type] as unknown as JobDefinition<z.ZodType, unknown>;
  return jobQueue().enqueue(db, definition, data, options);
}

export function cancelJob(db: Executor, jobId: string): Promise<JobRow> {
  return jobQueue().cancel(db, jobId);
}
