/**
 * `npm run api:routes`: writes lib/client/api/routes.ts, the method, path and body flag of every
 * endpoint description (lib/shared/api/endpoints/*) without their zod schemas, so the browser's
 * callers (lib/client/api) stay free of zod. tests/unit/platform/client-api.test.ts fails when the
 * file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderRoutes } from '../lib/shared/api/route-table';

writeFileSync(join(__dirname, '..', 'lib', 'client', 'api', 'routes.ts'), renderRoutes());
console.log('lib/client/api/routes.ts written');
