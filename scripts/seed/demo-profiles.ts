/**
 * The Argus profiles of the demo accounts (the identities themselves come from seed/identities)
 * and what they are linked to. Customer uuids are fixed so the identities' metadata_public (customerID, customer_uuid) can
 * be written before or after the database is seeded.
 */
export interface DemoProfile {
  email: string;
  displayName: string;
  /** Key of the company in DEMO_COMPANIES, or null. */
  company: string | null;
  /** The customer's `customerID` (spec §3), or null. */
  customerNumber: number | null;
}

export const DEMO_PROFILES: DemoProfile[] = [
  { email: 'admin@example.com', displayName: 'Andrea Albrecht', company: 'provider', customerNumber: 1 },
  { email: 'manager@example.com', displayName: 'Markus Maier', company: 'provider', customerNumber: 1 },
  { email: 'operator@example.com', displayName: 'Oliver Ostermann', company: 'provider', customerNumber: 1 },
  { email: 'customer@example.com', displayName: 'Claudia Claußen', company: 'nord', customerNumber: 6 },
  { email: 'customer2@example.com', displayName: 'Christian Krüger', company: 'rheinland', customerNumber: 7 },
  { email: 'external@example.com', displayName: 'Eva Externbrink', company: 'partner', customerNumber: 37 },
  { email: 'norole@example.com', displayName: 'Norbert Rolle', company: null, customerNumber: null },
  { email: 'unverified@example.com', displayName: 'Ulrike Unger', company: 'spree', customerNumber: 14 },
];

/** Fixed uuids (`customer_uuid`) of the demo customers, by customer number. */
export const DEMO_CUSTOMER_UUIDS: Record<number, string> = {
  1: '5d1f0c1e-0001-4a6e-9c1a-000000000001',
  6: '5d1f0c1e-0006-4a6e-9c1a-000000000006',
  7: '5d1f0c1e-0007-4a6e-9c1a-000000000007',
  11: '5d1f0c1e-0011-4a6e-9c1a-000000000011',
  14: '5d1f0c1e-0014-4a6e-9c1a-000000000014',
  20: '5d1f0c1e-0020-4a6e-9c1a-000000000020',
  30: '5d1f0c1e-0030-4a6e-9c1a-000000000030',
  36: '5d1f0c1e-0036-4a6e-9c1a-000000000036',
  37: '5d1f0c1e-0037-4a6e-9c1a-000000000037',
  42: '5d1f0c1e-0042-4a6e-9c1a-000000000042',
  50: '5d1f0c1e-0050-4a6e-9c1a-000000000050',
};

/** email → { customerNumber, customerUuid } for the accounts linked to a customer. */
export const DEMO_IDENTITY_CUSTOMERS: Record<string, { customerNumber: number; customerUuid: string }> = Object.fromEntries(
  DEMO_PROFILES.flatMap((a) =>
    a.customerNumber === null ? [] : [[a.email, { customerNumber: a.customerNumber, customerUuid: DEMO_CUSTOMER_UUIDS[a.customerNumber]! }]],
  ),
);
