import { z } from 'zod';
import { locales } from '@/lib/shared/locale';
import { endpoint } from '../endpoint';

export const health = endpoint({
  method: 'GET',
  path: '/api/v2/health',
  summary: 'Readiness: answers 200 when the database answers, 503 otherwise',
  tag: 'platform',
  auth: 'public',
  response: z.object({ status: z.enum(['ok']), database: z.enum(['up']), latencyMs: z.number() }),
});

export const config = endpoint({
  method: 'GET',
  path: '/api/v2/config',
  summary: 'Public configuration (spec §7): the app URL and the identity service URL as browsers reach them',
  tag: 'platform',
  auth: 'public',
  response: z.object({ argus_url: z.url(), kratos_url: z.url() }),
});

export const maintenance = endpoint({
  method: 'GET',
  path: '/api/v2/maintenance',
  summary: 'The scheduled maintenance notice, if any. `text` holds ${startTime} and ${endTime} placeholders',
  tag: 'platform',
  auth: 'public',
  query: z.object({ locale: z.enum(locales).default('en') }),
  response: z.object({
    text: z.string().nullable(),
    startTime: z.iso.datetime({ offset: true }).nullable(),
    endTime: z.iso.datetime({ offset: true }).nullable(),
  }),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  type: z.enum(['error', 'info', 'success', 'warning']),
  state: z.enum(['active', 'dismissed']),
  channels: z.array(z.enum(['global', 'auth'])),
  duration: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const notifications = endpoint({
  method: 'GET',
  path: '/api/v2/notifications',
  summary: 'Active broadcast notifications of a channel, newest first',
  tag: 'platform',
  auth: 'public',
  query: z.object({ channel: z.enum(['global', 'auth']).default('global'), locale: z.enum(locales).default('en') }),
  response: z.object({ items: z.array(notificationSchema) }),
});
