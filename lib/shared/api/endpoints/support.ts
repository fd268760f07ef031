import { supportContact, supportReceipt, supportRequest } from '@/lib/shared/schemas/support';
import { endpoint } from '../endpoint';

/* The support view (spec §2 support): whom to reach, and a message to the support mailbox. */

export const getSupportContact = endpoint({
  method: 'GET',
  path: '/api/v2/support',
  summary: 'The support contact (SUPPORT_EMAIL, SUPPORT_PHONE)',
  tag: 'platform',
  response: supportContact,
});

export const sendSupportRequest = endpoint({
  method: 'POST',
  path: '/api/v2/support',
  summary: 'Sends a message to the support mailbox with the sender, the page and the mission (only one the sender may see); 429 after 5 in 10 minutes',
  tag: 'platform',
  body: supportRequest,
  response: supportReceipt,
  status: 202,
});
