import 'server-only';

export { defineJob, PermanentJobError, type JobContext, type JobDefinition, type Executor } from './define';
export { cancelJob, enqueueJob, jobDefinitions, jobQueue, type JobType, type JobInput } from './registry';
export type { JobRow, JobState } from '../db/schema/jobs';
