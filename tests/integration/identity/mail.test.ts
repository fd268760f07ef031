import { Browser } from './support/browser';
import { csrfOf, uniqueEmail } from './support/flows';
import { adminHeaders, startIdentity, type IdentityProcess } from './support/server';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { createUser } from './support/users';

let idp: IdentityProcess;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  idp = await startIdentity({ SMTP_URL: sink.url, MAIL_FROM: 'Argus <no-reply@argus.test>' });
});
afterAll(async () => {
  await idp.stop();
  await sink.stop();
});

async function requestRecovery(email: string, language: string): Promise<void> {
  const api = new Browser().frontend(idp.publicUrl, { 'Accept-Language': language });
  const flow = await api.createBrowserRecoveryFlow();
  await api.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) } });
}

async function waitFor<T>(fn: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('mail', () => {
  it('delivers through SMTP when SMTP_URL is set, in German for German browsers, and marks it sent', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('smtp'));
    await requestRecovery(user.email, 'de-DE,de;q=0.9,en;q=0.5');
    const mail = await waitFor(() => sink.messages.find((m) => m.to.some((t) => t.includes(user.email))));
    expect(mail.data).toContain('Zugang zu Ihrem Konto');
    expect(mail.data).toMatch(/\b\d{6}\b/);
    expect(mail.from).toContain('no-reply@argus.test');
    const sent = await (async () => {
      for (let i = 0; i < 100; i++) {
        const list = (await (await fetch(`${idp.adminUrl}/admin/courier/messages?recipient=${encodeURIComponent(user.email)}`, { headers: adminHeaders() })).json()) as { status: string; subject: string }[];
        if (list[0]?.status === 'sent') return list[0];
        await new Promise((r) => setTimeout(r, 50));
      }
      return undefined;
    })();
    expect(sent).toMatchObject({ status: 'sent', subject: 'Zugang zu Ihrem Konto wiederherstellen' });
  });

  it('writes English by default', async () => {
    const user = await createUser(idp.adminUrl, uniqueEmail('smtp-en'));
    await requestRecovery(user.email, 'fr-FR');
    const mail = await waitFor(() => sink.messages.find((m) => m.to.some((t) => t.includes(user.email))));
    expect(mail.data).toContain('Recover access to your account');
  });
});
