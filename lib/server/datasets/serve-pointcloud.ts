import 'server-only';
import type { DomainContext } from '../domain/context';
import { serveStoredFile } from '../storage/serve';

const TYPES: Record<string, string> = { 'metadata.json': 'application/json', 'hierarchy.bin': 'application/octet-stream', 'octree.bin': 'application/octet-stream' };

/**
 * A file of a Potree 2.0 cloud for the viewer: inline, with Range (206) for the binary files the
 * loader reads node by node. `locate` authorizes and finds the key; it runs on every request.
 */
export async function servePointcloudFile(request: Request, ctx: DomainContext, file: string, locate: () => Promise<string>): Promise<Response> {
  const key = await locate();
  return serveStoredFile(request, key, { storage: ctx.storage, authorize: async () => undefined, contentType: TYPES[file], disposition: 'inline' });
}
