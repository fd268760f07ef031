import 'server-only';
import { inArray } from 'drizzle-orm';
import type { OrphanDto } from '@/lib/shared/schemas/storage';
import { recordAudit } from '../audit/record-audit';
import type { Actor } from '../auth/actor';
import { mission } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { AppError } from '../errors';
import type { Storage } from '../storage/types';
import { missionIdOfKey, missionPrefixes, OWNED_ROOTS } from './mission-keys';
import { requireStorage } from './storage-access';

export const isAdmin = (actor: Actor) => actor.kind === 'system' || (actor.kind === 'user' && actor.roles.includes('admin'));

async function requireOrphanAdmin(ctx: DomainContext): Promise<void> {
  await requireStorage(ctx);
  if (!isAdmin(ctx.actor)) throw new AppError('not_authorized', 'Only administrators may see and delete files of missing missions', undefined, 'errors.storage.adminOnly');
}

/**
 * 'Mission not found in Mission List': files in either tier stored under the id of a mission that
 * no longer exists (deleted meanwhile, or left by a crash), per id with their size. Walks storage,
 * so the page asks for it once, not on every poll.
 */
export async function listOrphans(ctx: DomainContext, cloud: Storage): Promise<OrphanDto[]> {
  await requireOrphanAdmin(ctx);
  const found = new Map<number, OrphanDto>();
  for (const [tier, store] of [['local', ctx.storage], ['cloud', cloud]] as const) {
    for (const root of OWNED_ROOTS) {
      for await (const entry of store.list(root)) {
        const id = missionIdOfKey(entry.key);
        if (id === null) continue;
        const o = found.get(id) ?? { missionId: id, localFiles: 0, localBytes: 0, cloudFiles: 0, cloudBytes: 0 };
        if (tier === 'local') {
          o.localFiles += 1;
          o.localBytes += entry.size;
        } else {
          o.cloudFiles += 1;
          o.cloudBytes += entry.size;
        }
        found.set(id, o);
      }
    }
  }
  const ids = [...found.keys()];
  const existing = new Set(ids.length ? (await ctx.db.select({ id: mission.id }).from(mission).where(inArray(mission.id, ids))).map((r) => r.id) : []);
  return [...found.values()].filter((o) => !existing.has(o.missionId)).sort((a, b) => a.missionId - b.missionId);
}

/** Deletes, in both tiers, what is stored under ids that are not missions; an existing mission's id is refused. Audited. */
export async function deleteOrphans(ctx: DomainContext, cloud: Storage, input: { missionIds: number[] }): Promise<{ deleted: number }> {
  await requireOrphanAdmin(ctx);
  const existing = await ctx.db.select({ id: mission.id }).from(mission).where(inArray(mission.id, input.missionIds));
  if (existing.length > 0) {
    throw new AppError('conflict', 'These missions are in the mission list; their files are not orphaned', { missionIds: existing.map((r) => r.id) }, 'errors.storage.notOrphaned');
  }
  let deleted = 0;
  for (const id of input.missionIds) {
    for (const prefix of missionPrefixes(id)) deleted += (await ctx.storage.deletePrefix(prefix)) + (await cloud.deletePrefix(prefix));
    await recordAudit(ctx, { entity: 'storage', entityId: id, action: 'delete_orphaned_files', diff: { missionId: id } });
  }
  return { deleted };
}
