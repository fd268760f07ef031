/** How many processes serve: `APP_PROCESSES` when set (1–64), else one per core but one, at least one. */
export function processCount(configured?: string): number;
/** In the primary: forks and supervises `count` workers, returns false; in a worker (or with a count of 1): returns true. */
export function serveInProcesses(count: number, options: { name: string; onReady?: () => void }): boolean;
