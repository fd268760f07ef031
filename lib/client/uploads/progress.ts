/** What the file list shows about one transfer. */
export interface ProgressSnapshot {
  bytes: number;
  total: number;
  /** 0–100. */
  percent: number;
  /** Bytes per second, averaged over the last window; 0 until two samples exist. */
  speed: number;
  /** Seconds until done at that speed; null while unknown. */
  secondsLeft: number | null;
}

/**
 * Speed as a moving average over the last `windowMs` (bytes gained between the oldest and newest
 * sample in the window), so one fast or stalled request does not make the estimate jump.
 */
export class ProgressMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(
    readonly total: number,
    private readonly windowMs = 5000,
  ) {}

  /** Forgets the history (after a pause: the gap is not a slow transfer). */
  reset(): void {
    this.samples = [];
  }

  sample(bytes: number, at: number): ProgressSnapshot {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - this.samples[1]!.at >= this.windowMs) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = (at - first.at) / 1000;
    const speed = elapsed > 0 ? Math.max(0, (bytes - first.bytes) / elapsed) : 0;
    const left = this.total - bytes;
    return {
      bytes,
      total: this.total,
      percent: this.total === 0 ? 100 : Math.min(100, (bytes / this.total) * 100),
      speed,
      secondsLeft: left <= 0 ? 0 : speed > 0 ? left / speed : null,
    };
  }
}
