import type { Config } from './config';
import type { Db } from './db/pool';
import type { Keys } from './security/secrets';
import type { Mailer } from './courier/mailer';

/** Everything a handler needs; created once in server.ts. Holds no per-user state. */
export interface Ctx {
  cfg: Config;
  db: Db;
  keys: Keys;
  mailer: Mailer;
}
