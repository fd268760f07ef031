import * as api from '@/lib/shared/api/endpoints/admin-companies';
import { auditOf, buildCenterWorld, failure, openCenterDb, type CenterDb, type CenterWorld } from './fixtures';

/* Issue 8 item 1: the company center's verbs against PostgreSQL. */

let t: CenterDb;
let w: CenterWorld;
let verbs: typeof import('./verbs');

beforeAll(async () => {
  t = await openCenterDb();
  w = await buildCenterWorld(t);
  verbs = await import('./verbs');
});
afterAll(() => t?.close());

const FULL = {
  name: '  Elbe Bau GmbH ',
  type: 'customer' as const,
  contactFirstName: 'Jens',
  contactLastName: 'Hansen',
  contactEmail: 'J.Hansen@Elbe-Bau.example.com',
  phone: '+49 40 123456',
  accountingEmail: 'rechnung@elbe-bau.example.com',
  streetAndNumber: 'Elbchaussee 1',
  town: 'Hamburg',
  zip: '22763',
  country: 'de',
};

describe('create', () => {
  it('stores every field of spec §3, normalised, and audits it with the actor and request', async () => {
    const created = await verbs.createCompanyFromJson(w.ctx('admin', 'req-create'), FULL);
    expect(api.createCompany.response.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      name: 'Elbe Bau GmbH',
      type: 'customer',
      contactFirstName: 'Jens',
      contactLastName: 'Hansen',
      contactEmail: 'j.hansen@elbe-bau.example.com',
      phone: '+49 40 123456',
      accountingEmail: 'rechnung@elbe-bau.example.com',
      streetAndNumber: 'Elbchaussee 1',
      town: 'Hamburg',
      zip: '22763',
      country: 'DE',
      isProvider: false,
      version: 1,
    });
    const [event] = await auditOf(t, 'company', created.id);
    expect(event).toMatchObject({ action: 'create', request_id: 'req-create', actor_id: (w.actors.admin as { identityId: string }).identityId });
    expect(event!.diff).toMatchObject({ name: 'Elbe Bau GmbH', country: 'DE' });
  });

  it('answers field errors with the spec §5 messages (encoded issues) and writes nothing', async () => {
    const before = (await t.pool.query('select count(*)::int as n from company')).rows[0].n as number;
    const err = await failure(() =>
      verbs.createCompanyFromJson(w.ctx('admin'), { name: '   ', type: 'customer', contactEmail: 'not-an-email', accountingEmail: 'a@b', country: 'XX' }),
    );
    expect(err.code).toBe('validation');
    expect(err.status).toBe(400);
    expect(err.details?.fields).toEqual({
      name: ['validation.required'],
      contactEmail: ['validation.email'],
      accountingEmail: ['validation.email'],
      country: ['countries.unknown'],
    });
    expect((await t.pool.query('select count(*)::int as n from company')).rows[0].n).toBe(before);
  });

  it('the API body schema (the form uses the same) rejects a missing country with Value is required', () => {
    const parsed = api.createCompany.body!.safeParse({ name: 'X', type: 'customer', country: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['country', 'validation.required']]);
  });

  it('refuses a second company with the same name (any case) with 409 on the name', async () => {
    const err = await failure(() => verbs.createCompanyFromJson(w.ctx('admin'), { name: 'NORD HAUSVERWALTUNG GMBH', type: 'customer', country: 'DE' }));
    expect(err).toMatchObject({ code: 'conflict', status: 409, details: { fields: { name: ['admin.companies.errors.nameTaken'] } } });
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (const [name, town, type] of [
      ['Alpha Immobilien', 'Zwickau', 'customer'],
      ['beta Wohnen', 'Aachen', 'partner'],
      ['Gamma Bau', null, 'customer'],
    ] as const) {
      await verbs.createCompanyFromJson(t.system, { name, town: town ?? undefined, type, country: 'DE' });
    }
  });

  it('sorts by name case-insensitively, pages with a total, and counts dependants', async () => {
    const first = await verbs.listCompaniesPageFromJson(w.ctx('advanced'), { sort: 'name', pageSize: 2 });
    expect(api.listCompanyPage.response.safeParse(first).success).toBe(true);
    const all = await verbs.listCompaniesPageFromJson(w.ctx('advanced'), { sort: 'name', pageSize: 100 });
    const names = all.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(first.total).toBe(all.items.length);
    expect(first.items.map((c) => c.name)).toEqual(names.slice(0, 2));
    const second = await verbs.listCompaniesPageFromJson(w.ctx('advanced'), { sort: 'name', pageSize: 2, page: 2 });
    expect(second.items.map((c) => c.name)).toEqual(names.slice(2, 4));
    const nord = all.items.find((c) => c.id === w.companies.nord.id)!;
    expect(nord).toMatchObject({ customerCount: 2, missionCount: 1 });
  });

  it('sorts by town (empty towns last), by type and by creation, in both directions', async () => {
    const towns = (await verbs.listCompaniesPageFromJson(w.ctx('admin'), { sort: 'town', pageSize: 100 })).items.map((c) => c.town);
    const filled = towns.filter((v): v is string => v !== null);
    expect(towns.slice(0, filled.length)).toEqual(filled);
    expect(filled).toEqual([...filled].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const townsDesc = (await verbs.listCompaniesPageFromJson(w.ctx('admin'), { sort: 'town', order: 'desc', pageSize: 100 })).items.map((c) => c.town);
    expect(townsDesc.filter((v) => v !== null)).toEqual([...filled].reverse());
    expect(townsDesc.at(-1)).toBeNull();

    const types = (await verbs.listCompaniesPageFromJson(w.ctx('admin'), { sort: 'type', pageSize: 100 })).items.map((c) => c.type);
    expect(types).toEqual([...types].sort((a, b) => ['customer', 'partner', 'internal'].indexOf(a) - ['customer', 'partner', 'internal'].indexOf(b)));

    const created = (await verbs.listCompaniesPageFromJson(w.ctx('admin'), { sort: 'createdAt', order: 'desc', pageSize: 100 })).items.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('searches name, contact, e-mail and town; % and _ are literal', async () => {
    const byName = await verbs.listCompaniesPageFromJson(w.ctx('admin'), { q: 'wohnen' });
    expect(byName.items.map((c) => c.name)).toEqual(['beta Wohnen']);
    const byTown = await verbs.listCompaniesPageFromJson(w.ctx('admin'), { q: 'hamburg' });
    expect(byTown.items.map((c) => c.name).sort()).toEqual(['Elbe Bau GmbH', 'Nord Hausverwaltung GmbH']);
    const byEmail = await verbs.listCompaniesPageFromJson(w.ctx('admin'), { q: 'technik@nord' });
    expect(byEmail.items.map((c) => c.id)).toEqual([w.companies.nord.id]);
    expect((await verbs.listCompaniesPageFromJson(w.ctx('admin'), { q: '%' })).total).toBe(0);
  });

  it('rejects an unknown sort with a field error', async () => {
    await expect(verbs.listCompaniesPageFromJson(w.ctx('admin'), { sort: 'phone' as never })).rejects.toMatchObject({ code: 'validation', details: { fields: { sort: expect.any(Array) } } });
  });
});

describe('get and update', () => {
  it('gets one company with its counts; 404 for an unknown id', async () => {
    const nord = await verbs.getCompany(w.ctx('admin'), { id: w.companies.nord.id });
    expect(api.getCompany.response.safeParse(nord).success).toBe(true);
    expect(nord).toMatchObject({ name: 'Nord Hausverwaltung GmbH', customerCount: 2, missionCount: 1 });
    await expect(verbs.getCompany(w.ctx('admin'), { id: 987_654 })).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('replaces the fields, bumps the version, audits the changed fields as [before, after]', async () => {
    const company = await verbs.createCompanyFromJson(t.system, { name: 'Update Test GmbH', town: 'Bremen', phone: '0421 1' });
    const updated = await verbs.updateCompanyFromJson(w.ctx('advanced', 'req-update'), {
      id: company.id,
      version: company.version,
      name: 'Update Test AG',
      type: 'partner',
      town: 'Bremen',
      phone: '',
      contactEmail: 'Info@Update.example.com',
      country: 'at',
    });
    expect(updated).toMatchObject({ name: 'Update Test AG', type: 'partner', town: 'Bremen', phone: null, contactEmail: 'info@update.example.com', country: 'AT', version: 2 });
    const events = await auditOf(t, 'company', company.id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]).toMatchObject({ request_id: 'req-update' });
    expect(events[1]!.diff).toEqual({
      name: ['Update Test GmbH', 'Update Test AG'],
      type: ['customer', 'partner'],
      phone: ['0421 1', null],
      contactEmail: [null, 'info@update.example.com'],
      country: ['DE', 'AT'],
    });
  });

  it('answers 409 version_conflict for an edit that started from an older version, and keeps the newer data', async () => {
    const company = await verbs.createCompanyFromJson(t.system, { name: 'Stale Test GmbH' });
    await verbs.updateCompanyFromJson(w.ctx('admin'), { id: company.id, version: 1, name: 'Stale Test – erste', type: 'customer', country: 'DE' });
    const err = await failure(() => verbs.updateCompanyFromJson(w.ctx('admin'), { id: company.id, version: 1, name: 'Stale Test – zweite', type: 'customer', country: 'DE' }));
    expect(err).toMatchObject({ code: 'version_conflict', status: 409 });
    expect(await verbs.getCompany(w.ctx('admin'), { id: company.id })).toMatchObject({ name: 'Stale Test – erste', version: 2 });
  });

  it("keeps the provider's own company internal", async () => {
    const provider = w.companies.provider;
    const current = await verbs.getCompany(w.ctx('admin'), { id: provider.id });
    const err = await failure(() => verbs.updateCompanyFromJson(w.ctx('admin'), { id: provider.id, version: current.version, name: provider.name, type: 'customer', country: 'DE' }));
    expect(err).toMatchObject({ code: 'validation', details: { fields: { type: ['admin.companies.errors.providerInternal'] } } });
  });

  it('refuses renaming to an existing name with 409 on the name', async () => {
    const company = await verbs.createCompanyFromJson(t.system, { name: 'Rename Test GmbH' });
    await expect(
      verbs.updateCompanyFromJson(w.ctx('admin'), { id: company.id, version: 1, name: 'nord hausverwaltung gmbh', type: 'customer', country: 'DE' }),
    ).rejects.toMatchObject({ code: 'conflict', details: { fields: { name: ['admin.companies.errors.nameTaken'] } } });
  });
});

describe('delete', () => {
  it('is refused with 409 naming the missions and customers that depend on the company', async () => {
    const err = await failure(() => verbs.deleteCompany(w.ctx('admin'), { id: w.companies.nord.id }));
    expect(err).toMatchObject({ code: 'conflict', status: 409, details: { reason: 'in_use', missions: 1, customers: 2 } });
    expect(err.message).toBe('This company cannot be deleted: 1 mission and 2 customers depend on it.');
    expect(await verbs.getCompany(w.ctx('admin'), { id: w.companies.nord.id })).toMatchObject({ id: w.companies.nord.id });
  });

  it('is refused while one customer alone depends on it', async () => {
    const company = await verbs.createCompanyFromJson(t.system, { name: 'Nur Kunde GmbH' });
    await verbs.createCustomerFromJson(t.system, { name: 'Der eine Kunde', companyId: company.id });
    const err = await failure(() => verbs.deleteCompany(w.ctx('admin'), { id: company.id }));
    expect(err).toMatchObject({ code: 'conflict', details: { reason: 'in_use', missions: 0, customers: 1 } });
    expect(err.message).toBe('This company cannot be deleted: 1 customer depend on it.');
  });

  it("is refused for the provider's own company", async () => {
    await expect(verbs.deleteCompany(w.ctx('admin'), { id: w.companies.provider.id })).rejects.toMatchObject({ code: 'conflict', details: { reason: 'provider' } });
  });

  it('removes a company nothing depends on, audits it, and then answers 404', async () => {
    const company = await verbs.createCompanyFromJson(t.system, { name: 'Weg Damit GmbH', town: 'Kiel' });
    await verbs.deleteCompany(w.ctx('advanced', 'req-delete'), { id: company.id });
    await expect(verbs.getCompany(w.ctx('admin'), { id: company.id })).rejects.toMatchObject({ code: 'not_found' });
    const events = await auditOf(t, 'company', company.id);
    expect(events.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(events[1]).toMatchObject({ request_id: 'req-delete', diff: expect.objectContaining({ name: 'Weg Damit GmbH', town: 'Kiel' }) });
    await expect(verbs.deleteCompany(w.ctx('admin'), { id: company.id })).rejects.toMatchObject({ code: 'not_found' });
  });
});
