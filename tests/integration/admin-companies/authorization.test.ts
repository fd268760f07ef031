import type { Actor } from '@/lib/server/auth/actor';
import type { DomainContext } from '@/lib/server/domain/context';
import { buildCenterWorld, openCenterDb, outcome, ROLES, type CenterDb, type CenterWorld, type Role } from './fixtures';

/*
 * Issue 8 item 5: the company and customer center verbs answer to the permission flags of spec §6
 * (UI.menu.companyCenter, UI.menu.customerCenter, write.customer), checked inside each verb —
 * for every built-in role and for a stored role that grants only some of the flags.
 */

let t: CenterDb;
let w: CenterWorld;
let verbs: typeof import('./verbs');

beforeAll(async () => {
  t = await openCenterDb();
  w = await buildCenterWorld(t);
  verbs = await import('./verbs');
});
afterAll(() => t?.close());

const VERBS = [
  'listCompanies',
  'getCompany',
  'createCompany',
  'updateCompany',
  'deleteCompany',
  'listCustomers',
  'getCustomer',
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
] as const;
type Verb = (typeof VERBS)[number];

let serial = 0;

/** Runs a verb on entities made for this call, so a successful delete or edit never disturbs the next case. */
async function run(verb: Verb, ctx: DomainContext): Promise<string> {
  const n = ++serial;
  const { system } = t;
  const company = await verbs.createCompanyFromJson(system, { name: `Matrix ${n} GmbH` });
  const customer = await verbs.createCustomerFromJson(system, { name: `Matrix Kunde ${n}`, companyId: (ctx.actor as Actor & { companyId: number | null }).companyId ?? company.id });
  switch (verb) {
    case 'listCompanies':
      return outcome(() => verbs.listCompaniesPageFromJson(ctx, {}));
    case 'getCompany':
      return outcome(() => verbs.getCompany(ctx, { id: company.id }));
    case 'createCompany':
      return outcome(() => verbs.createCompanyFromJson(ctx, { name: `Matrix neu ${n} GmbH`, type: 'customer', country: 'DE' }));
    case 'updateCompany':
      return outcome(() => verbs.updateCompanyFromJson(ctx, { id: company.id, version: company.version, name: `Matrix ${n} AG`, type: 'customer', country: 'AT' }));
    case 'deleteCompany':
      return outcome(() => verbs.deleteCompany(ctx, { id: company.id }));
    case 'listCustomers':
      return outcome(() => verbs.listCustomersPageFromJson(ctx, {}));
    case 'getCustomer':
      return outcome(() => verbs.getCustomer(ctx, { id: customer.id }));
    case 'createCustomer':
      return outcome(() => verbs.createCustomerFromJson(ctx, { name: `Matrix Kunde neu ${n}`, companyId: customer.companyId, accountType: 'private' }));
    case 'updateCustomer':
      return outcome(() => verbs.updateCustomerFromJson(ctx, { id: customer.id, version: customer.version, name: `Matrix Kunde ${n} neu`, accountType: 'business' }));
    case 'deleteCustomer':
      return outcome(() => verbs.deleteCustomer(ctx, { id: customer.id }));
  }
}

/** Built-in table (docs/permissions.md): admin and advanced have both centers and write.customer; nobody else any of them. */
const EXPECTED: Record<Role, 'ok' | 'not_authorized'> = { admin: 'ok', advanced: 'ok', operator: 'not_authorized', customer: 'not_authorized', external: 'not_authorized' };

describe.each(ROLES)('as %s', (role) => {
  it.each(VERBS)(`%s is ${EXPECTED[role]}`, async (verb) => {
    expect(await run(verb, w.ctx(role))).toBe(EXPECTED[role]);
  });
});

describe('the flags decide, not the role names', () => {
  beforeAll(async () => {
    await t.pool.query(
      `insert into app_role (name, permissions, user_level) values
        ('center-reader', '{UI.menu.companyCenter,UI.menu.customerCenter}', 10),
        ('customer-writer', '{UI.menu.customerCenter,write.customer}', 10),
        ('writer-only', '{write.customer}', 10)`,
    );
  });

  it('a role with the center flags but without write.customer reads both centers but writes no customer', async () => {
    // Provider staff see every tenant only as admin/advanced: this reader is scoped to its own company.
    const reader = w.actor(['center-reader'], w.companies.nord.id, null, null);
    const ctx = w.ctx(reader);
    const results = Object.fromEntries(await Promise.all(['listCompanies', 'getCompany', 'listCustomers', 'getCustomer', 'createCustomer', 'updateCustomer', 'deleteCustomer'].map(async (v) => [v, await run(v as Verb, ctx)])));
    expect(results).toEqual({
      listCompanies: 'ok',
      // The company made for the call is another tenant's: not found in the reader's scope.
      getCompany: 'not_found',
      listCustomers: 'ok',
      getCustomer: 'ok',
      createCustomer: 'not_authorized',
      updateCustomer: 'not_authorized',
      deleteCustomer: 'not_authorized',
    });
  });

  it('write.customer with the customer center writes customers of the own company only', async () => {
    const writer = w.ctx(w.actor(['customer-writer'], w.companies.nord.id, null, null));
    expect(await run('createCustomer', writer)).toBe('ok');
    expect(await run('updateCustomer', writer)).toBe('ok');
    expect(await run('deleteCustomer', writer)).toBe('ok');
    expect(await run('listCompanies', writer)).toBe('not_authorized');
    expect(await outcome(() => verbs.createCustomerFromJson(writer, { name: 'Fremder Kunde', companyId: w.companies.provider.id, accountType: 'business' }))).toBe('not_authorized');
  });

  it('write.customer without the customer center flag opens nothing', async () => {
    const ctx = w.ctx(w.actor(['writer-only'], w.companies.nord.id, null, null));
    for (const verb of ['listCustomers', 'getCustomer', 'createCustomer', 'updateCustomer', 'deleteCustomer'] as const) {
      expect([verb, await run(verb, ctx)]).toEqual([verb, 'not_authorized']);
    }
  });

  it('a company center flag without internal staff rights may not create or delete companies', async () => {
    const ctx = w.ctx(w.actor(['center-reader'], w.companies.nord.id, null, null));
    expect(await run('createCompany', ctx)).toBe('not_authorized');
    expect(await outcome(() => verbs.deleteCompany(ctx, { id: w.companies.nord.id }))).toBe('not_authorized');
  });
});
