import { z } from 'zod';
import { endpoint } from '../endpoint';

/** spec §2 print view as a file: the PDF of /mission/{id}/print, rendered on the server. */
export const missionPdf = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/pdf',
  summary:
    'The mission print view as an A4 PDF, rendered in headless Chromium with the caller\'s session and language. ' +
    'Same access as the mission (404 unknown or non-numeric id, 403 \'not authorized to access mission id\'); 503 when no browser is available',
  tag: 'missions',
  params: z.object({ id: z.string() }),
  response: z.string().describe('The PDF itself (application/pdf)'),
});
