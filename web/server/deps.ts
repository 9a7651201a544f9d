import type { Config } from '@ridgeline/core/node';
import type { Db } from '@ridgeline/core/node';
import type { Logger } from './logger.js';

/** Everything the app needs from outside; `main` wires the real ones, tests their own. */
export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Directory of the built SPA (`web/dist/client`); undefined serves the API only. */
  clientDir?: string;
  /** The clock (tests pin it). */
  now?: () => Date;
}
