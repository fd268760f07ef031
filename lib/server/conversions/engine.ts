import 'server-only';
import type { Storage } from '../storage/types';
import type { Bounds } from '../pointcloud/types';

/** What every stage of the converter gets from its job. */
export interface StageArgs {
  storage: Storage;
  /** Storage keys of the raw scans. */
  inputs: string[];
  workPrefix: string;
  outputPrefix: string;
  /** What the count stage decided (null before it ran). */
  plan: unknown;
  signal: AbortSignal;
  /** Fraction of the stage done, 0–1. */
  onProgress(fraction: number): Promise<void>;
}

/** The seam between the jobs and the converter (lib/server/pointcloud). */
export const engine = {
  async count(_args: StageArgs): Promise<{ plan: unknown; pointCount: number; bounds: Bounds }> {
    throw new Error('converter not wired yet');
  },
  async distribute(_args: StageArgs): Promise<{ chunks: string[] }> {
    throw new Error('converter not wired yet');
  },
  async indexChunk(_args: StageArgs & { chunk: string }): Promise<void> {
    throw new Error('converter not wired yet');
  },
  async merge(_args: StageArgs): Promise<{ pointCount: number; bounds: Bounds }> {
    throw new Error('converter not wired yet');
  },
};
