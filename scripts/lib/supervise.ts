import { startService, waitReady, type Running } from './processes';
import type { ServiceSpec } from './service';

export interface RestartPolicy {
  /** Delay before the first restart; each further restart in the window waits twice as long. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Restarts allowed within `windowMs`; one more crash in the window and the service is given up. */
  limit: number;
  windowMs: number;
  /** How long a restarted service may take to answer its readyUrl. */
  readyTimeoutMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  limit: 5,
  windowMs: 5 * 60_000,
  readyTimeoutMs: 60_000,
};

export interface SuperviseOptions {
  index: number;
  cwd: string;
  env: NodeJS.ProcessEnv;
  policy?: Partial<RestartPolicy>;
  log: (line: string) => void;
  /** Every start, the first one included (attempt 1), once its process is spawned. */
  onStart?: (running: Running, attempt: number) => void;
  /** The service crashed more often than the policy allows: the caller stops everything. */
  onGiveUp: (message: string) => void;
}

export interface Supervised {
  spec: ServiceSpec;
  /** The process of the current start. */
  current(): Running;
  /** Resolves once the service answers `readyUrl`, across restarts; rejects when given up or late. */
  ready(timeoutMs: number): Promise<void>;
  /** No more restarts; SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Runs a service and restarts it when it exits on its own: after `initialDelayMs`, doubling per
 * restart within the window, up to `limit` restarts per `windowMs`. A crash beyond the limit (a
 * service that cannot start, not one that died once) hands over to `onGiveUp`.
 */
export function supervise(spec: ServiceSpec, options: SuperviseOptions): Supervised {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  const { log } = options;
  let restarts: number[] = [];
  let stopped = false;
  let gaveUp: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = launch(1);

  function launch(attempt: number): Running {
    const r = startService(spec, options.index, options.cwd, options.env);
    options.onStart?.(r, attempt);
    void r.exited.then(() => onExit(r));
    if (attempt > 1 && spec.readyUrl) {
      waitReady(r, spec.readyUrl, policy.readyTimeoutMs).then(
        () => log(`${spec.name} is ready again`),
        () => undefined, // a crash is handled by onExit; a hang shows as no "ready again" line
      );
    }
    return r;
  }

  function onExit(r: Running): void {
    // Ctrl-C reaches the children too (same process group): let the orchestrator's own handler
    // mark the shutdown before a child's exit is taken for a crash.
    setImmediate(() => {
      if (stopped || r !== running) return;
      const how = r.child.signalCode ? `signal ${r.child.signalCode}` : `code ${r.child.exitCode}`;
      const now = Date.now();
      restarts = restarts.filter((t) => now - t < policy.windowMs);
      if (restarts.length >= policy.limit) {
        stopped = true;
        gaveUp = `${spec.name} crashed too often`;
        options.onGiveUp(`${spec.name} exited unexpectedly (${how}) after ${policy.limit} restarts within ${Math.round(policy.windowMs / 1000)} s; giving up`);
        return;
      }
      restarts.push(now);
      const attempt = restarts.length;
      const delay = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
      log(`${spec.name} exited unexpectedly (${how}); restarting in ${formatDelay(delay)} (restart ${attempt} of ${policy.limit})`);
      timer = setTimeout(() => {
        timer = undefined;
        if (!stopped) running = launch(attempt + 1);
      }, delay);
    });
  }

  return {
    spec,
    current: () => running,
    async ready(timeoutMs) {
      if (!spec.readyUrl) return;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          return await waitReady(running, spec.readyUrl, Math.max(1, deadline - Date.now()));
        } catch (err) {
          // Died before it was ready: wait for its restart unless it was given up or time is out.
          if (gaveUp || stopped || Date.now() >= deadline) throw new Error(gaveUp ?? (err as Error).message);
          const previous = running;
          while (running === previous && !stopped && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      const { child, exited } = running;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(kill);
    },
  };
}

function formatDelay(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
