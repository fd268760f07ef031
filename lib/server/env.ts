import 'server-only';
import { parseEnv, type Env } from './env-schema';

let cached: Env | undefined;

/** The validated configuration, parsed once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
