import * as api from '@/lib/shared/api/endpoints/admin-customers';
import { auditOf, buildCenterWorld, failure, openCenterDb, type CenterDb, type CenterWorld } from './fixtures';

/* Issue 8 item 2: the customer center's verbs against PostgreSQL. */

let t: CenterDb;
let w: CenterWorld;
let verbs: typeof import('./verbs');

beforeAll(async () => {
  t = await openCenterDb();
  w = await buildCenterWorld(t);
  verbs = await import('./verbs');
});
afterAll(() => t?.close());

describe('create', () => {
  it('needs a company first (spec §5): no company is Value is required, and nothing is written', async () => {
    const before = (await t.pool.query('select count(*)::int as n from customer')).rows[0].n as number;
    const err = await failure(() => verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Ohne Firma', accountType: 'business' } as never));
    expect(err).toMatchObject({ code: 'validation', status: 400, details: { fields: { companyId: ['validation.required'] } } });
    expect((await t.pool.query('select count(*)::int as n from customer')).rows[0].n).toBe(before);
    // The API body (and the form, which uses the same schema) says the same.
    const parsed = api.createCustomer.body!.safeParse({ name: 'Ohne Firma', accountType: 'business' });
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['companyId', 'validation.required']]);
  });

  it('assigns the next free customer number when none is given, and shows it', async () => {
    const highest = (await t.pool.query('select max(customer_number)::int as n from customer')).rows[0].n as number;
    const created = await verbs.createCustomerFromJson(w.ctx('advanced', 'req-cust'), {
      name: 'Nord Wandsbek',
      companyId: w.companies.nord.id,
      accountType: 'public_sector',
      customerNumber: null,
      contactFirstName: 'Kai',
      contactLastName: 'Meyer',
      contactEmail: 'Kai.Meyer@Nord.example.com',
      phone: '040 1',
      streetAndNumber: 'Wandsbeker Markt 1',
      town: 'Hamburg',
      zip: '22041',
      country: 'de',
    });
    expect(api.createCustomer.response.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      customerNumber: highest + 1,
      name: 'Nord Wandsbek',
      accountType: 'public_sector',
      contactEmail: 'kai.meyer@nord.example.com',
      country: 'DE',
      parentId: null,
      version: 1,
    });
    const [event] = await auditOf(t, 'customer', created.id);
    expect(event).toMatchObject({ action: 'create', request_id: 'req-cust', diff: expect.objectContaining({ customerNumber: highest + 1, name: 'Nord Wandsbek' }) });
  });

  it('takes a given customer number and refuses a taken one with 409 on the number', async () => {
    const created = await verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Nummer 500', companyId: w.companies.nord.id, accountType: 'business', customerNumber: 500 });
    expect(created.customerNumber).toBe(500);
    const err = await failure(() => verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Nummer 500 doppelt', companyId: w.companies.nord.id, accountType: 'business', customerNumber: 500 }));
    expect(err).toMatchObject({ code: 'conflict', status: 409, details: { fields: { customerNumber: ['admin.customers.errors.numberTaken'] } } });
  });

  it('applies the configured name minimum (default 3) with its rule message', async () => {
    const err = await failure(() => verbs.createCustomerFromJson(w.ctx('admin'), { name: ' ab ', companyId: w.companies.nord.id, accountType: 'business' }));
    expect(err.details?.fields).toEqual({ name: ['validation.minLength?min=3'] });
  });

  it('checks e-mail, country and customer number like the form', async () => {
    const err = await failure(() =>
      verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Prüfkunde', companyId: w.companies.nord.id, accountType: 'business', contactEmail: 'x@y', country: 'QQ', customerNumber: -4 }),
    );
    expect(err.details?.fields).toEqual({
      contactEmail: ['validation.email'],
      country: ['countries.unknown'],
      customerNumber: ['admin.customers.errors.customerNumber'],
    });
  });

  it('hangs a sub-customer under a top-level customer of the same company only', async () => {
    const sub = await verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Nord Bergedorf', companyId: w.companies.nord.id, accountType: 'business', parentId: w.customers.c6.id });
    expect(sub.parentId).toBe(w.customers.c6.id);
    const other = await failure(() => verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Falsch', companyId: w.companies.provider.id, accountType: 'business', parentId: w.customers.c6.id }));
    expect(other.details?.fields).toEqual({ parentId: ['admin.customers.errors.parentOtherCompany'] });
    const deep = await failure(() => verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Zu tief', companyId: w.companies.nord.id, accountType: 'business', parentId: w.customers.c11.id }));
    expect(deep.details?.fields).toEqual({ parentId: ['admin.customers.errors.parentIsSubCustomer'] });
    const unknownCompany = await failure(() => verbs.createCustomerFromJson(w.ctx('admin'), { name: 'Niemandes', companyId: 987_654, accountType: 'business' }));
    expect(unknownCompany.details?.fields).toEqual({ companyId: ['admin.customers.errors.companyNotFound'] });
  });
});

describe('list and get', () => {
  it('pages with a total and shows company, parent and dependants', async () => {
    const all = await verbs.listCustomersPageFromJson(w.ctx('admin'), { pageSize: 100 });
    expect(api.listCustomerPage.response.safeParse(all).success).toBe(true);
    const names = all.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const c6 = all.items.find((c) => c.id === w.customers.c6.id)!;
    expect(c6).toMatchObject({ customerNumber: 6, companyName: 'Nord Hausverwaltung GmbH', parentName: null, missionCount: 1 });
    expect(c6.subCustomerCount).toBeGreaterThanOrEqual(1);
    expect(all.items.find((c) => c.id === w.customers.c11.id)).toMatchObject({ parentName: 'Nord Zentrale', subCustomerCount: 0, missionCount: 0 });
    const page2 = await verbs.listCustomersPageFromJson(w.ctx('admin'), { pageSize: 2, page: 2 });
    expect(page2).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
    expect(page2.items.map((c) => c.name)).toEqual(names.slice(2, 4));
  });

  it('searches by name, exact customer number and company name; filters by company; sorts by number', async () => {
    expect((await verbs.listCustomersPageFromJson(w.ctx('admin'), { q: 'altona' })).items.map((c) => c.id)).toEqual([w.customers.c11.id]);
    expect((await verbs.listCustomersPageFromJson(w.ctx('admin'), { q: '6' })).items.map((c) => c.customerNumber)).toContain(6);
    expect((await verbs.listCustomersPageFromJson(w.ctx('admin'), { q: '6' })).items.map((c) => c.customerNumber)).not.toContain(11);
    const byCompany = await verbs.listCustomersPageFromJson(w.ctx('admin'), { q: 'argus provider' });
    expect(byCompany.items.map((c) => c.id)).toEqual([w.customers.c1.id]);
    const nord = await verbs.listCustomersPageFromJson(w.ctx('admin'), { companyId: w.companies.nord.id, sort: 'customerNumber', order: 'desc', pageSize: 100 });
    expect(nord.items.every((c) => c.companyId === w.companies.nord.id)).toBe(true);
    const numbers = nord.items.map((c) => c.customerNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const byCompanyName = (await verbs.listCustomersPageFromJson(w.ctx('admin'), { sort: 'company', pageSize: 100 })).items.map((c) => c.companyName.toLowerCase());
    expect(byCompanyName).toEqual([...byCompanyName].sort());
  });

  it('gets one customer; 404 for an unknown one', async () => {
    const c11 = await verbs.getCustomer(w.ctx('advanced'), { id: w.customers.c11.id });
    expect(api.getCustomer.response.safeParse(c11).success).toBe(true);
    expect(c11).toMatchObject({ name: 'Nord Altona', parentName: 'Nord Zentrale', companyName: 'Nord Hausverwaltung GmbH' });
    await expect(verbs.getCustomer(w.ctx('admin'), { id: 987_654 })).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('update', () => {
  it('replaces the editable fields, keeps company and number, bumps the version and audits [before, after]', async () => {
    const created = await verbs.createCustomerFromJson(t.system, { name: 'Edit Kunde', companyId: w.companies.nord.id, town: 'Hamburg' });
    const updated = await verbs.updateCustomerFromJson(w.ctx('admin', 'req-edit'), {
      id: created.id,
      version: 1,
      name: 'Edit Kunde neu',
      accountType: 'private',
      parentId: w.customers.c6.id,
      town: '',
      contactEmail: 'neu@nord.example.com',
      // Not editable: ignored, the customer keeps its company and number.
      ...({ companyId: w.companies.provider.id, customerNumber: 9999 } as object),
    });
    expect(updated).toMatchObject({ name: 'Edit Kunde neu', accountType: 'private', parentId: w.customers.c6.id, town: null, companyId: w.companies.nord.id, customerNumber: created.customerNumber, version: 2 });
    const events = await auditOf(t, 'customer', created.id);
    expect(events[1]).toMatchObject({
      action: 'update',
      request_id: 'req-edit',
      diff: {
        name: ['Edit Kunde', 'Edit Kunde neu'],
        accountType: ['business', 'private'],
        parentId: [null, w.customers.c6.id],
        town: ['Hamburg', null],
        contactEmail: [null, 'neu@nord.example.com'],
      },
    });
  });

  it('answers 409 version_conflict for a stale edit and keeps the newer data', async () => {
    const created = await verbs.createCustomerFromJson(t.system, { name: 'Stale Kunde', companyId: w.companies.nord.id });
    await verbs.updateCustomerFromJson(w.ctx('admin'), { id: created.id, version: 1, name: 'Stale Kunde eins', accountType: 'business' });
    const err = await failure(() => verbs.updateCustomerFromJson(w.ctx('advanced'), { id: created.id, version: 1, name: 'Stale Kunde zwei', accountType: 'business' }));
    expect(err).toMatchObject({ code: 'version_conflict', status: 409 });
    expect(await verbs.getCustomer(w.ctx('admin'), { id: created.id })).toMatchObject({ name: 'Stale Kunde eins', version: 2 });
  });

  it('refuses a parent that would make a cycle or a third level', async () => {
    const c6 = await verbs.getCustomer(w.ctx('admin'), { id: w.customers.c6.id });
    const self = await failure(() => verbs.updateCustomerFromJson(w.ctx('admin'), { id: c6.id, version: c6.version, name: c6.name, accountType: c6.accountType, parentId: c6.id }));
    expect(self.details?.fields).toEqual({ parentId: ['admin.customers.errors.parentSelf'] });
    const top = await verbs.createCustomerFromJson(t.system, { name: 'Nord Harburg', companyId: w.companies.nord.id });
    const withChildren = await failure(() => verbs.updateCustomerFromJson(w.ctx('admin'), { id: c6.id, version: c6.version, name: c6.name, accountType: c6.accountType, parentId: top.id }));
    expect(withChildren.details?.fields).toEqual({ parentId: ['admin.customers.errors.hasSubCustomers'] });
  });
});

describe('delete', () => {
  it('is refused with 409 while missions and sub-customers depend on the customer', async () => {
    const err = await failure(() => verbs.deleteCustomer(w.ctx('admin'), { id: w.customers.c6.id }));
    expect(err).toMatchObject({ code: 'conflict', status: 409, details: { reason: 'in_use', missions: 1 } });
    expect((err.details as { subCustomers: number }).subCustomers).toBeGreaterThanOrEqual(1);
    expect(err.message).toMatch(/^This customer cannot be deleted: 1 mission and \d+ sub-customers? depend on it\.$/);
  });

  it('is refused while a mission names it as sub-customer', async () => {
    const { createMissionFromJson } = await import('@/lib/server/missions/create-mission');
    const { missionInput } = await import('../missions/fixtures');
    const sub = await verbs.createCustomerFromJson(t.system, { name: 'Nord Eimsbüttel', companyId: w.companies.nord.id, parentId: w.customers.c6.id });
    await createMissionFromJson(t.system, missionInput(w.companies.nord.id, { name: 'Eimsbüttel Scan', customerId: w.customers.c6.id, subCustomerId: sub.id }));
    await expect(verbs.deleteCustomer(w.ctx('admin'), { id: sub.id })).rejects.toMatchObject({ code: 'conflict', details: { missions: 1, subCustomers: 0 } });
  });

  it('removes a customer nothing depends on, audits it, and then answers 404', async () => {
    const created = await verbs.createCustomerFromJson(t.system, { name: 'Weg Kunde', companyId: w.companies.nord.id });
    await verbs.deleteCustomer(w.ctx('advanced', 'req-del'), { id: created.id });
    await expect(verbs.getCustomer(w.ctx('admin'), { id: created.id })).rejects.toMatchObject({ code: 'not_found' });
    const events = await auditOf(t, 'customer', created.id);
    expect(events.map((e) => [e.action, e.request_id])).toEqual([
      ['create', 'req-center-system'],
      ['delete', 'req-del'],
    ]);
    expect(events[1]!.diff).toMatchObject({ name: 'Weg Kunde', customerNumber: created.customerNumber });
  });
});
