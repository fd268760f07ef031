import { createIdentity, deleteIdentity, getIdentityAdmin, listIdentities, patchIdentity, updateIdentity } from './admin/identities';
import { getMessage, listMessages } from './admin/courier';
import { createRecoveryCode } from './admin/recovery';
import { deleteIdentitySessions, disableSession, getSessionAdmin, listIdentitySessions } from './admin/sessions';
import type { Ctx } from './context';
import { healthRoutes } from './health';
import { Router } from './http/router';

export function adminRouter(ctx: Ctx): Router {
  const r = new Router();
  const a = '/admin';
  r.on('GET', `${a}/identities`, (req, res) => listIdentities(ctx, req, res));
  r.on('POST', `${a}/identities`, (req, res) => createIdentity(ctx, req, res));
  r.on('GET', `${a}/identities/{id}`, (req, res, id) => getIdentityAdmin(ctx, req, res, id ?? ''));
  r.on('PUT', `${a}/identities/{id}`, (req, res, id) => updateIdentity(ctx, req, res, id ?? ''));
  r.on('PATCH', `${a}/identities/{id}`, (req, res, id) => patchIdentity(ctx, req, res, id ?? ''));
  r.on('DELETE', `${a}/identities/{id}`, (req, res, id) => deleteIdentity(ctx, req, res, id ?? ''));
  r.on('GET', `${a}/identities/{id}/sessions`, (req, res, id) => listIdentitySessions(ctx, req, res, id ?? ''));
  r.on('DELETE', `${a}/identities/{id}/sessions`, (req, res, id) => deleteIdentitySessions(ctx, req, res, id ?? ''));
  r.on('GET', `${a}/sessions/{id}`, (req, res, id) => getSessionAdmin(ctx, req, res, id ?? ''));
  r.on('DELETE', `${a}/sessions/{id}`, (req, res, id) => disableSession(ctx, req, res, id ?? ''));
  r.on('POST', `${a}/recovery/code`, (req, res) => createRecoveryCode(ctx, req, res));
  r.on('GET', `${a}/courier/messages`, (req, res) => listMessages(ctx, req, res));
  r.on('GET', `${a}/courier/messages/{id}`, (req, res, id) => getMessage(ctx, req, res, id ?? ''));
  healthRoutes(ctx, r);
  return r;
}
