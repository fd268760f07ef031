import { z } from 'zod';
import { confirmationList, confirmationRequest, confirmationSummary, publicConfirmation } from '@/lib/shared/schemas/confirmation';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import { endpoint } from '../endpoint';

/*
 * The confirmation view (issue 20 point 5): staff send a customer a single-use, expiring link to
 * confirm an order or a delivery date; the link's page reads and confirms without a session.
 */

const tag = 'missions';

export const listConfirmations = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/confirmations',
  summary: 'The confirmation requests sent for a mission, newest first, with their state (open, confirmed, expired)',
  tag,
  params: missionIdParams,
  response: confirmationList,
});

export const requestConfirmation = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/confirmations',
  summary:
    'E-mails the recipient a single-use link (valid 14 days) to confirm the order (mission at step order_confirm) or the proposed delivery date (step confirm_delivery_date); ends older open links of the same kind; 409 at another step',
  tag,
  params: missionIdParams,
  body: confirmationRequest,
  response: confirmationSummary,
  status: 201,
});

const tokenParams = z.object({ token: z.string().min(16).max(64).regex(/^[\w-]+$/) });

export const getConfirmation = endpoint({
  method: 'GET',
  path: '/api/v2/confirmations/{token}',
  summary: 'What a confirmation link asks, without a session; reading never confirms (404 for an unknown link)',
  tag,
  auth: 'public',
  params: tokenParams,
  response: publicConfirmation,
});

export const confirm = endpoint({
  method: 'POST',
  path: '/api/v2/confirmations/{token}',
  summary: "Confirms, without a session: the mission moves on to its next step and its owner is told; 409 when the link was used, expired, or the mission no longer waits",
  tag,
  auth: 'public',
  params: tokenParams,
  response: publicConfirmation,
});
