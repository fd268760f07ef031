import type { Env } from '../../lib/server/env-schema';

/** What the orchestrator knows when it decides which services to run. */
export interface StartContext {
  env: Env;
  /** The environment every child gets: the user's, plus DATABASE_URL and the resolved URLs. */
  childEnv: NodeJS.ProcessEnv;
  /** Public origin of the app, e.g. http://localhost:3000. */
  appOrigin: string;
  dev: boolean;
  /** Absolute repository root. */
  root: string;
}

/** One long-running child process started by `npm start`, its log prefixed with `name`. */
export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Polled with GET until it answers < 500; the next service starts after that. */
  readyUrl?: string;
  /** Lower starts first (database-dependent services before the app). Default 50. */
  order?: number;
}

/** A service module under scripts/services/ default-exports this; null means "not needed here". */
export type ServiceFactory = (ctx: StartContext) => ServiceSpec | null;
