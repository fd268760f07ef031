/**
 * The queries of a mission list page and a mission detail render, each with EXPLAIN ANALYZE at
 * 100 000 missions (scripts/profile/missions-cpu.ts `--explain` calls it once the stack is seeded):
 * the verbs run as admin@ on a database handle that records every statement.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
import { loadRoles } from '../../lib/server/auth/permission-store';
import * as schema from '../../lib/server/db/schema';
import { createDomainContext } from '../../lib/server/domain/contexts';
import { missionDetail } from '../../lib/server/missions/get-mission';
import { listMissions } from '../../lib/server/missions/list-missions';
import { listMissionAudit } from '../../lib/server/audit/list-mission-audit';
import { privacyRecord } from '../../lib/server/blurring/privacy-record';
import { listMissionDatasets } from '../../lib/server/datasets/list-datasets';
import { getMissionPointcloud } from '../../lib/server/datasets/mission-pointcloud';
import { getMissionNeighbours } from '../../lib/server/missions/get-mission-neighbours';
import { listMissionShares } from '../../lib/server/missions/list-mission-shares';
import { listMissionFiles } from '../../lib/server/missions-files/list-mission-files';
import { listRenderedSlices } from '../../lib/server/rendered-slices/list-rendered-slices';
import { auditQuery } from '../../lib/shared/schemas/audit';
import { requireMission } from '../../lib/server/missions/visibility';
import { missionListFilters, missionListQuery } from '../../lib/shared/schemas/mission-view';

export async function explainMissionQueries(databaseUrl: string, detailId: number, deepCursor: string, log: (line: string) => void): Promise<void> {
  const captured: { query: string; params: unknown[] }[] = [];
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle(pool, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => void captured.push({ query, params }) } });
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ identity_id: string }>("select identity_id from app_user where email = 'admin@example.com'");
    const ctx = () => createDomainContext({ actor: { kind: 'user', identityId: rows[0]!.identity_id, roles: ['admin'], companyId: null, customerId: null }, db, missionReads: new Map() });
    const runs: Record<string, () => Promise<unknown>> = {
      listFirst: () => listMissions(ctx(), missionListQuery.parse({})),
      listDeep: () => listMissions(ctx(), missionListQuery.parse({ cursor: deepCursor })),
      listByName: () => listMissions(ctx(), missionListQuery.parse({ sort: 'name', order: 'asc' })),
      listByDeliveryDate: () => listMissions(ctx(), missionListQuery.parse({ sort: 'deliveryDate', order: 'desc' })),
      roles: () => loadRoles(['admin'], db),
      detail: async () => {
        const c = ctx();
        const { row, access } = await requireMission(c, detailId, 'read');
        await missionDetail(c, row, access.capabilities.has('readAllFields'));
        // What loadMissionRecords (lib/server/missions/mission-page.ts, which needs a request) reads for an admin.
        const missionId = detailId;
        await Promise.all([
          listMissionDatasets(c, { missionId }),
          getMissionPointcloud(c, { missionId }),
          listMissionFiles(c, { missionId }),
          getMissionNeighbours(c, { ...missionListFilters.parse({}), id: missionId }),
          listMissionShares(c, { missionId }),
          listMissionAudit(c, { ...auditQuery.parse({}), missionId }),
          privacyRecord(c, { missionId }),
          listRenderedSlices(c, { missionId }),
        ]);
      },
    };
    for (const [name, run] of Object.entries(runs)) {
      captured.length = 0;
      await run();
      log(`${name}: ${captured.length} statements`);
      for (const { query, params } of captured) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params);
        const lines = plan.rows.map((r) => r['QUERY PLAN']);
        const time = lines.filter((l) => /Planning Time|Execution Time/.test(l)).join(', ');
        log(`  ${time} | ${query.slice(0, 160).replace(/\s+/g, ' ')}`);
        if (process.env.EXPLAIN_VERBOSE) for (const l of lines) log(`      ${l}`);
        if (params.length > 0) log(`    prepared: ${await preparedPlan(client, query, params)}`);
      }
    }
  } finally {
    await client.end();
    await pool.end();
  }
}

/**
 * How the statement runs once prepared (as the app's pool sends it, lib/server/db/statement-cache.ts):
 * after five runs PostgreSQL may switch to its generic plan; a custom plan means it plans every run.
 */
async function preparedPlan(client: Client, query: string, params: unknown[]): Promise<string> {
  await client.query('deallocate all');
  await client.query(`prepare probe as ${query}`);
  // EXECUTE takes no bind parameters: the values go in as literals.
  const args = params.map((v) => (v === null ? 'null' : client.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v)))).join(', ');
  for (let i = 0; i < 6; i++) await client.query(`execute probe(${args})`);
  const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze) execute probe(${args})`)).rows.map((r) => r['QUERY PLAN']);
  const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>("select generic_plans, custom_plans from pg_prepared_statements where name = 'probe'");
  return `${rows[0]!.generic_plans} generic / ${rows[0]!.custom_plans} custom plans; ${plan.filter((l) => /Planning Time|Execution Time/.test(l)).join(', ')}; ${plan[0]!.trim().slice(0, 90)}`;
}
