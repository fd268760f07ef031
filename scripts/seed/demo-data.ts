import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { appUser, company, customer, dataset, mission, missionShare, tag } from '@/lib/server/db/schema';
import type { DomainContext } from '@/lib/server/domain/context';
import { systemContext } from '@/lib/server/domain/contexts';
import { createCompanyFromJson } from '@/lib/server/companies/create-company';
import { createCustomerFromJson } from '@/lib/server/customers/create-customer';
import { createTagFromJson } from '@/lib/server/tags/create-tag';
import { createMissionFromJson } from '@/lib/server/missions/create-mission';
import { shareMission } from '@/lib/server/missions/share-mission';
import { createDatasetFromJson } from '@/lib/server/datasets/create-dataset';
import { upsertUserProfile } from '@/lib/server/users/upsert-user-profile';
import type { CreateCompanyInput } from '@/lib/shared/schemas/company';
import type { CreateCustomerInput } from '@/lib/shared/schemas/customer';
import type { CreateDatasetInput } from '@/lib/shared/schemas/dataset';
import { buildMissionPlans, type MissionPlan } from './demo-missions';
import { DEMO_PROFILES, DEMO_CUSTOMER_UUIDS } from './demo-profiles';
import { DEMO_ACCOUNTS } from './demo-accounts';

export { DEMO_PROFILES, DEMO_IDENTITY_CUSTOMERS } from './demo-profiles';

/** Demo companies by key: the provider itself, the building-materials partner and customers. */
export const DEMO_COMPANIES: Record<string, CreateCompanyInput> = {
  provider: {
    name: 'Argus Scan Services GmbH', type: 'internal', isProvider: true,
    contactFirstName: 'Stefan', contactLastName: 'Hofmann', contactEmail: 'kontakt@argus-scan.example.com', phone: '+49 89 2180 4400',
    accountingEmail: 'buchhaltung@argus-scan.example.com', streetAndNumber: 'Landsberger Straße 110', town: 'München', zip: '80339', country: 'DE',
  },
  partner: {
    name: 'Fassadenwerk Baustoffe AG', type: 'partner', isMaterialsPartner: true,
    contactFirstName: 'Jana', contactLastName: 'Böhm', contactEmail: 'objektberatung@fassadenwerk.example.com', phone: '+49 711 9340 200',
    accountingEmail: 'rechnungen@fassadenwerk.example.com', streetAndNumber: 'Pragstraße 42', town: 'Stuttgart', zip: '70376', country: 'DE',
  },
  nord: {
    name: 'Hausverwaltung Nord GmbH', type: 'customer',
    contactFirstName: 'Henrik', contactLastName: 'Petersen', contactEmail: 'technik@hv-nord.example.com', phone: '+49 40 3890 1120',
    accountingEmail: 'rechnung@hv-nord.example.com', streetAndNumber: 'Osterstraße 88', town: 'Hamburg', zip: '20259', country: 'DE',
  },
  rheinland: {
    name: 'Rheinland Immobilien KG', type: 'customer',
    contactFirstName: 'Sabine', contactLastName: 'Schmitz', contactEmail: 'projekte@rheinland-immo.example.com', phone: '+49 221 5501 870',
    accountingEmail: 'finanzen@rheinland-immo.example.com', streetAndNumber: 'Aachener Straße 215', town: 'Köln', zip: '50931', country: 'DE',
  },
  spree: {
    name: 'Spree Wohnbau GmbH', type: 'customer',
    contactFirstName: 'Tobias', contactLastName: 'Lange', contactEmail: 'bestand@spree-wohnbau.example.com', phone: '+49 30 2250 7730',
    accountingEmail: 'kreditoren@spree-wohnbau.example.com', streetAndNumber: 'Karl-Marx-Allee 72', town: 'Berlin', zip: '10243', country: 'DE',
  },
  mainufer: {
    name: 'Mainufer Projektentwicklung GmbH', type: 'customer',
    contactFirstName: 'Leonie', contactLastName: 'Wagner', contactEmail: 'info@mainufer-pe.example.com', phone: '+49 69 7430 9910',
    accountingEmail: 'buchhaltung@mainufer-pe.example.com', streetAndNumber: 'Schweizer Straße 31', town: 'Frankfurt am Main', zip: '60594', country: 'DE',
  },
  sachsen: {
    name: 'Sachsen Facility Management GmbH', type: 'customer',
    contactFirstName: 'Frank', contactLastName: 'Richter', contactEmail: 'service@sachsen-fm.example.com', phone: '+49 341 2564 300',
    accountingEmail: 'rechnungswesen@sachsen-fm.example.com', streetAndNumber: 'Karl-Heine-Straße 99', town: 'Leipzig', zip: '04229', country: 'DE',
  },
  neckar: {
    name: 'Neckar Architekten PartG mbB', type: 'customer',
    contactFirstName: 'Miriam', contactLastName: 'Keller', contactEmail: 'buero@neckar-architekten.example.com', phone: '+49 711 6402 158',
    accountingEmail: 'buero@neckar-architekten.example.com', streetAndNumber: 'Tübinger Straße 17', town: 'Stuttgart', zip: '70178', country: 'DE',
  },
};

type DemoCustomer = Omit<CreateCustomerInput, 'companyId' | 'parentId' | 'customerNumber'> & {
  customerNumber: number;
  company: string;
  parent?: number;
};

/** Customers 6, 14, 20, 30, 36, 37 may use the map view (spec §6); 1, 7, 11, 42, 50 may not. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  { customerNumber: 1, company: 'provider', name: 'Argus Scan Services – Eigenprojekte', accountType: 'business', contactEmail: 'projekte@argus-scan.example.com' },
  { customerNumber: 6, company: 'nord', name: 'Hausverwaltung Nord – Zentrale', accountType: 'business', contactFirstName: 'Henrik', contactLastName: 'Petersen', contactEmail: 'technik@hv-nord.example.com', phone: '+49 40 3890 1120', streetAndNumber: 'Osterstraße 88', town: 'Hamburg', zip: '20259', country: 'DE' },
  { customerNumber: 11, company: 'nord', parent: 6, name: 'Hausverwaltung Nord – Objekte Altona', accountType: 'business', contactFirstName: 'Kerstin', contactLastName: 'Jansen', contactEmail: 'altona@hv-nord.example.com', town: 'Hamburg', country: 'DE' },
  { customerNumber: 7, company: 'rheinland', name: 'Rheinland Immobilien – Bestandsmanagement', accountType: 'business', contactFirstName: 'Sabine', contactLastName: 'Schmitz', contactEmail: 'projekte@rheinland-immo.example.com', town: 'Köln', country: 'DE' },
  { customerNumber: 14, company: 'spree', name: 'Spree Wohnbau – Bestand', accountType: 'business', contactFirstName: 'Tobias', contactLastName: 'Lange', contactEmail: 'bestand@spree-wohnbau.example.com', town: 'Berlin', country: 'DE' },
  { customerNumber: 50, company: 'spree', parent: 14, name: 'Spree Wohnbau – Quartier Friedrichshain', accountType: 'business', contactEmail: 'friedrichshain@spree-wohnbau.example.com', town: 'Berlin', country: 'DE' },
  { customerNumber: 20, company: 'mainufer', name: 'Mainufer Projektentwicklung', accountType: 'business', contactFirstName: 'Leonie', contactLastName: 'Wagner', contactEmail: 'info@mainufer-pe.example.com', town: 'Frankfurt am Main', country: 'DE' },
  { customerNumber: 30, company: 'sachsen', name: 'Sachsen FM – Leipzig', accountType: 'business', contactFirstName: 'Frank', contactLastName: 'Richter', contactEmail: 'service@sachsen-fm.example.com', town: 'Leipzig', country: 'DE' },
  { customerNumber: 42, company: 'sachsen', name: 'Städtisches Hochbauamt Dresden', accountType: 'public_sector', contactFirstName: 'Jörg', contactLastName: 'Neumann', contactEmail: 'hochbau@dresden-amt.example.com', town: 'Dresden', country: 'DE' },
  { customerNumber: 36, company: 'neckar', name: 'Neckar Architekten', accountType: 'business', contactFirstName: 'Miriam', contactLastName: 'Keller', contactEmail: 'buero@neckar-architekten.example.com', town: 'Stuttgart', country: 'DE' },
  { customerNumber: 37, company: 'partner', name: 'Fassadenwerk Objektberatung', accountType: 'business', contactFirstName: 'Jana', contactLastName: 'Böhm', contactEmail: 'objektberatung@fassadenwerk.example.com', town: 'Stuttgart', country: 'DE' },
];

export const DEMO_TAGS = [
  { name: 'Denkmalschutz', color: '#8e44ad' },
  { name: 'Eilauftrag', color: '#e74c3c' },
  { name: 'Drohnenflug', color: '#2980b9' },
  { name: 'Innenaufnahme', color: '#16a085' },
  { name: 'Fassadensanierung', color: '#d35400' },
  { name: 'Bestandsaufnahme', color: '#7f8c8d' },
  { name: 'Neubau', color: '#27ae60' },
  { name: 'Gewerbe', color: '#2c3e50' },
];

/**
 * Creates the demo data through the domain verbs (system actor), in one transaction. Every entity
 * has a natural key (company name, customer number, tag name, mission internal reference, dataset
 * id, share pair, identity id), and only what is missing is created: seeding twice changes nothing.
 * Pass the demo identities (email → identity id) to link profiles and mission assignees; missions
 * keep the assignees they were created with.
 */
export async function seedDemoData(db: Db, opts: { identities?: Record<string, string> } = {}): Promise<{ created: boolean }> {
  const identities = opts.identities ?? {};
  return db.transaction(async (tx) => {
    // Two seeders (npm start and a manual db:seed) must not interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('argus.seed-demo-data'))`);
    const ctx = systemContext(tx);
    let created = false;

    const companyIds: Record<string, number> = {};
    for (const [key, input] of Object.entries(DEMO_COMPANIES)) {
      const [found] = await tx.select({ id: company.id }).from(company).where(sql`lower(${company.name}) = lower(${input.name})`);
      companyIds[key] = found?.id ?? (await createCompanyFromJson(ctx, input)).id;
      created ||= !found;
    }

    const customerIds: Record<number, number> = {};
    for (const { company: companyKey, parent, ...input } of DEMO_CUSTOMERS) {
      const [found] = await tx.select({ id: customer.id }).from(customer).where(eq(customer.customerNumber, input.customerNumber));
      customerIds[input.customerNumber] =
        found?.id ??
        (
          await createCustomerFromJson(ctx, {
            ...input,
            uuid: DEMO_CUSTOMER_UUIDS[input.customerNumber],
            companyId: companyIds[companyKey]!,
            parentId: parent === undefined ? undefined : customerIds[parent],
          })
        ).id;
      created ||= !found;
    }

    const tagIds: Record<string, number> = {};
    for (const input of DEMO_TAGS) {
      const [found] = await tx.select({ id: tag.id }).from(tag).where(sql`lower(${tag.name}) = lower(${input.name})`);
      tagIds[input.name] = found?.id ?? (await createTagFromJson(ctx, input)).id;
      created ||= !found;
    }

    for (const account of DEMO_PROFILES) {
      const identityId = identities[account.email];
      if (!identityId) continue;
      const [before] = await tx.select({ version: appUser.version }).from(appUser).where(eq(appUser.identityId, identityId));
      const profile = await upsertUserProfile(ctx, {
        identityId,
        email: account.email,
        displayName: account.displayName,
        companyId: account.company ? companyIds[account.company]! : null,
        customerId: account.customerNumber === null ? null : customerIds[account.customerNumber]!,
      });
      created ||= before?.version !== profile.version;
      // As current-user.ts mirrors it at each visit: the pickers offer verified accounts with a role; jobs reach the admins.
      const demo = DEMO_ACCOUNTS.find((a) => a.email === account.email);
      await tx
        .update(appUser)
        .set({ assignable: !!demo && demo.verified && demo.roles.length > 0, roles: demo ? [...demo.roles].sort() : [] })
        .where(eq(appUser.identityId, identityId));
    }

    const plans = buildMissionPlans({
      companyIds,
      customerIds,
      tagIds,
      operatorId: identities['operator@example.com'],
      managerId: identities['manager@example.com'],
    });
    for (const plan of plans) created = (await seedMission(ctx, plan)) || created;

    return { created };
  });
}

const STALLABLE: string[] = ['uploading', 'imported', 'processing'];

async function seedMission(ctx: DomainContext, plan: MissionPlan): Promise<boolean> {
  let created = false;
  const ref = plan.mission.internalReference!;
  const [found] = await ctx.db.select({ id: mission.id }).from(mission).where(eq(mission.internalReference, ref));
  const missionId = found?.id ?? (await createMissionFromJson(ctx, plan.mission)).id;
  created ||= !found;

  for (const customerId of plan.shareWith) {
    const [share] = await ctx.db
      .select({ missionId: missionShare.missionId })
      .from(missionShare)
      .where(and(eq(missionShare.missionId, missionId), eq(missionShare.customerId, customerId)));
    if (share) continue;
    await shareMission(ctx, { missionId, customerId });
    created = true;
  }

  for (const scan of plan.datasets) {
    const [existing] = await ctx.db.select({ id: dataset.id }).from(dataset).where(eq(dataset.datasetId, scan.datasetId));
    if (existing) continue;
    const made = await createDatasetFromJson(ctx, { ...scan, missionId } satisfies CreateDatasetInput);
    // Nothing works on these records: one that was being worked on shows as stalled since it was last seen.
    if (STALLABLE.includes(made.status)) await ctx.db.update(dataset).set({ stalledAt: new Date(made.lastSeenAt ?? made.createdAt) }).where(eq(dataset.id, made.id));
    created = true;
  }
  return created;
}
