/** @jest-environment node */
import { createHash } from 'node:crypto';
import { clientCatalogue, isCataloguePart } from '@/lib/i18n/client-catalogue';
import { registeredCatalogue } from '@/lib/i18n/catalogue-registry';
import { areaMessages, clientMessages } from '@/lib/i18n/client-namespaces';
import { precompiled } from '@/lib/i18n/precompile';
import { GET } from '@/app/i18n/[locale]/[file]/route';
import de from '@/messages/de.json';
import en from '@/messages/en.json';

const get = (locale: string, file: string) => GET(new Request(`http://localhost/i18n/${locale}/${file}`), { params: Promise.resolve({ locale, file }) });
const fileOf = (src: string) => src.split('/').pop()!;

describe('client message files', () => {
  it("names each part's file by a hash of what it holds, and holds what the part sends", () => {
    const shared = clientCatalogue('en', 'shared', en);
    expect(shared.messages).toEqual(precompiled(clientMessages(en)));
    expect(shared.src).toBe(`/i18n/en/shared.${createHash('sha256').update(JSON.stringify(shared.messages)).digest('hex').slice(0, 12)}.json`);
    const missions = clientCatalogue('en', 'missions', en);
    expect(missions.messages).toEqual(precompiled(areaMessages(en, 'missions')));
    expect(JSON.parse(missions.json)).toEqual(missions.messages);
    // German text, another file.
    expect(clientCatalogue('de', 'missions', de).src).not.toBe(missions.src);
    expect(clientCatalogue('de', 'missions', de).src).toMatch(/^\/i18n\/de\/missions\.[0-9a-f]{12}\.json$/);
  });

  it('is made once per catalogue and registered for the server render under its name', () => {
    const a = clientCatalogue('en', 'planner', en);
    expect(clientCatalogue('en', 'planner', en)).toBe(a);
    expect(registeredCatalogue(a.src)).toBe(a.messages);
    expect(registeredCatalogue('/i18n/en/planner.000000000000.json')).toBeUndefined();
  });

  it('a changed text changes the name', () => {
    const changed = { ...en, missions: { ...en.missions, detail: { ...en.missions.detail, sections: { ...en.missions.detail.sections, general: 'General!' } } } };
    expect(clientCatalogue('en', 'missions', changed).src).not.toBe(clientCatalogue('en', 'missions', en).src);
  });

  it('knows the shared part and every area, nothing else', () => {
    expect(['shared', 'missions', 'tourPages', 'panelizer'].every(isCataloguePart)).toBe(true);
    expect(['toString', 'constructor', 'Missions', ''].some(isCataloguePart)).toBe(false);
  });
});

describe('GET /i18n/{locale}/{part}.{hash}.json', () => {
  it('answers the current file, to be kept for good', async () => {
    const { src, messages } = clientCatalogue('de', 'missions');
    const response = await get('de', fileOf(src));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.json()).toEqual(messages);
  });

  it("answers a name from an earlier build with today's content, not to be kept", async () => {
    const response = await get('en', 'shared.0123456789ab.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual(clientCatalogue('en', 'shared').messages);
  });

  it.each([
    ['fr', 'shared.0123456789ab.json'],
    ['en', 'admin.json'],
    ['en', 'nothing.0123456789ab.json'],
    ['en', 'constructor.0123456789ab.json'],
    ['en', '..%2Fshared.0123456789ab.json'],
    ['en', 'shared.0123456789AB.json'],
  ])('answers 404 for /i18n/%s/%s', async (locale, file) => {
    expect((await get(locale, file)).status).toBe(404);
  });
});
