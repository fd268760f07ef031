import { z } from 'zod';
import { endpoint } from '../endpoint';

const flags = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);

export const permissionSetSchema = z.object({
  allow: flags(['chooseCompany', 'exportData']),
  UI: z.object({
    menu: flags(['assignedToMe', 'companyCenter', 'customerCenter', 'mapOverview', 'missionList', 'missionListBeta', 'pipeline', 'planner', 'storage', 'blurring', 'userCenter']),
    misc: flags(['permissions', 'providerCompany', 'specialGroup']),
  }),
  write: flags(['customer']),
});

export const permission = endpoint({
  method: 'GET',
  path: '/api/v2/permission',
  summary: "The permission set of the signed-in user (spec §3): the union of their roles' flags; the map view also needs an internal role or a listed customer ID",
  tag: 'auth',
  response: permissionSetSchema,
});

export const me = endpoint({
  method: 'GET',
  path: '/api/v2/me',
  summary: 'The signed-in user as Argus knows them: identity, roles, and the company and customer of their profile',
  tag: 'auth',
  response: z.object({
    identityId: z.uuid(),
    email: z.string().nullable(),
    roles: z.array(z.string()),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    customer: z.object({ id: z.number().int(), customerNumber: z.number().int(), name: z.string() }).nullable(),
  }),
});
