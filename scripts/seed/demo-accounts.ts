/** The demo identities `npm run db:seed` creates (issue 3, item 10); printed by `npm start`. */
export const DEMO_PASSWORD = 'Argus-Demo-2026!';

export interface DemoIdentity {
  email: string;
  roles: string[];
  verified: boolean;
  /** What `npm start` prints beside the e-mail. */
  note: string;
}

export const DEMO_ACCOUNTS: readonly DemoIdentity[] = [
  { email: 'admin@example.com', roles: ['admin'], verified: true, note: 'internal, full access' },
  { email: 'manager@example.com', roles: ['advanced'], verified: true, note: 'internal project manager' },
  { email: 'operator@example.com', roles: ['operator'], verified: true, note: 'scan operator' },
  { email: 'customer@example.com', roles: ['customer'], verified: true, note: 'customer 6, map view allowed' },
  { email: 'customer2@example.com', roles: ['customer'], verified: true, note: 'customer 7, another company' },
  { email: 'external@example.com', roles: ['external'], verified: true, note: 'external partner' },
  { email: 'norole@example.com', roles: [], verified: true, note: 'verified, no role' },
  { email: 'unverified@example.com', roles: ['customer'], verified: false, note: 'e-mail not verified' },
];
