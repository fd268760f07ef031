/**
 * `npm run api:routes`: writes lib/client/api/routes/*.ts, the method, path and body flag of every
 * endpoint description (lib/shared/api/endpoints/*) without their zod schemas, one file per
 * description module, so the browser's callers (lib/client/api) stay free of zod and a page carries
 * only the routes of the areas it calls. tests/unit/platform/client-api.test.ts fails when the files
 * are out of date.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRoutes } from '../lib/shared/api/route-table';

const dir = join(__dirname, '..', 'lib', 'client', 'api', 'routes');
const files = renderRoutes();
mkdirSync(dir, { recursive: true });
// A description module that was removed takes its table along.
for (const stale of readdirSync(dir).filter((f) => !(f in files))) rmSync(join(dir, stale));
for (const [file, source] of Object.entries(files)) writeFileSync(join(dir, file), source);
console.log(`lib/client/api/routes/: ${Object.keys(files).length} tables written`);
