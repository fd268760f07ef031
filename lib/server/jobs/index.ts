import 'server-only';

export { bindJob, defineJobContract, PermanentJobError, type Executor, type JobContext, type JobContract, type JobDefinition, type JobHandler } from './define';
export { cancelJob, enqueueJob, jobQueue } from './enqueue';
export type { EnqueueOptions } from './queue';
export type { JobRow, JobState } from '../db/schema/jobs';
