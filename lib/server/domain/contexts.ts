import 'server-only';
import { SYSTEM_ACTOR, type Actor } from '../auth/actor';
import { db as appDb } from '../db/client';
import type { JobContext } from '../jobs/define';
import { cancelJob, enqueueJob } from '../jobs/enqueue';
import { sendMail } from '../mail/send-mail';
import { storage as appStorage } from '../storage';
import { forgettingDeletes } from '../storage-sync/forget-deleted';
import type { Storage } from '../storage/types';
import type { DomainContext, Logger } from './context';

/*
 * The one way to build a DomainContext, with a factory for each place verbs run: a route handler,
 * a server-rendered page, a job handler, and the system (seed, bookkeeping). They differ only in
 * who acts, which database handle and storage they use, and what their log lines say.
 */

type Parts = Pick<DomainContext, 'actor'> & Partial<Omit<DomainContext, 'actor'>>;

/** The process-wide storage, chosen from the environment on first use (not when a context is built). */
const lazyStorage: Storage = new Proxy({} as Storage, { get: (_target, key) => Reflect.get(appStorage(), key) });

const consoleLogger = (scope: string): Logger => ({
  info: (message) => console.log(`[${scope}] ${message}`),
  error: (message, err) => (err === undefined ? console.error(`[${scope}] ${message}`) : console.error(`[${scope}] ${message}`, err)),
});

/** The app's services with `parts` on top; tests use it to bring their own database and storage. */
export function createDomainContext(parts: Parts): DomainContext {
  const db = parts.db ?? appDb();
  return {
    jobs: { enqueue: enqueueJob, cancel: cancelJob },
    mail: { send: sendMail },
    clock: { now: () => new Date() },
    log: consoleLogger(parts.requestId ?? 'domain'),
    ...parts,
    db,
    // What a verb deletes, it deletes on purpose: storage sync must not bring it back.
    storage: forgettingDeletes(parts.storage ?? lazyStorage, () => db),
  };
}

/** A request made with a processor's bearer token (lib/server/processors): it acts as that processor. */
export function processorContext(processor: { id: number; name: string }, requestId: string): DomainContext {
  return createDomainContext({ actor: { kind: 'processor', processorId: processor.id, name: processor.name }, requestId });
}

/** A route handler's context: the signed-in user and the request id the audit trail records. */
export function requestContext({ user, requestId }: { user: { actor: Actor }; requestId: string }): DomainContext {
  return createDomainContext({ actor: user.actor, requestId, log: consoleLogger(`request ${requestId}`) });
}

/**
 * A server-rendered page's context. One render asks several verbs about the same mission
 * (the detail page), so it shares their reads of it (DomainContext.missionReads).
 */
export function pageContext(actor: Actor, scope = 'page'): DomainContext {
  return createDomainContext({ actor, missionReads: new Map(), log: consoleLogger(scope) });
}

/** A job handler's context: the job's database and storage, acting as `actor` (the requester, or the system). */
export function jobDomainContext(job: Pick<JobContext, 'jobId' | 'db' | 'storage'> & Partial<Pick<JobContext, 'log'>>, actor: Actor = SYSTEM_ACTOR): DomainContext {
  const requestId = `job:${job.jobId}`;
  const log = job.log;
  return createDomainContext({
    actor,
    db: job.db,
    storage: job.storage,
    requestId,
    log: log ? { info: log, error: (message, err) => log(err instanceof Error ? `${message}: ${err.message}` : message) } : consoleLogger(requestId),
  });
}

/** The system acting on its own (seed, sign-in bookkeeping): sees every tenant, audited as the system. */
export function systemContext(db?: DomainContext['db']): DomainContext {
  return createDomainContext({ actor: SYSTEM_ACTOR, ...(db ? { db } : {}), log: consoleLogger('system') });
}
