import 'server-only';
import type { UserRequestContext } from '../api/handler';
import { db } from '../db/client';
import type { DomainContext } from '../domain/context';

/** The domain context of an API request: the pooled database, the signed-in actor, the request id for the audit trail. */
export const domainContext = ({ user, requestId }: UserRequestContext): DomainContext => ({ db: db(), actor: user.actor, requestId });

/**
 * The handler has parsed the body already, turning ISO date strings into Dates; verbs parse their
 * input again (pages and jobs call them too), so they get the JSON form back.
 */
export const asInput = <I>(parsed: unknown): I => JSON.parse(JSON.stringify(parsed)) as I;
