import { uniqueEmail } from '../identity/support/flows';
import { startHarness, type Harness } from '../admin-users/harness';
import type { UserActor } from '@/lib/server/auth/actor';
import type { MailOutboxRow } from '@/lib/server/db/schema/mail';

/**
 * Issue 8 item 3 without a mail server (no SMTP_URL, as in development): an invitation is mailed
 * into the app's outbox (`mail_outbox`) — one row to the invitee with the link and code, in the
 * chosen language — no delivery job is queued, and the log names recipient and subject but never
 * the code.
 */
describe('invitation mail without SMTP: the outbox', () => {
  let h: Harness;
  let admin: UserActor;
  let inviteUserFromJson: typeof import('@/lib/server/users/invite-user').inviteUserFromJson;
  let reissueInvitation: typeof import('@/lib/server/users/reissue-invitation').reissueInvitation;
  let outbox: (recipient: string) => Promise<MailOutboxRow[]>;
  let deliveryJobs: () => Promise<number>;
  let log: jest.SpyInstance;

  beforeAll(async () => {
    delete process.env.SMTP_URL;
    h = await startHarness();
    ({ inviteUserFromJson } = await import('@/lib/server/users/invite-user'));
    ({ reissueInvitation } = await import('@/lib/server/users/reissue-invitation'));
    const { db } = await import('@/lib/server/db/client');
    const { job, mailOutbox } = await import('@/lib/server/db/schema');
    const { asc, eq } = await import('drizzle-orm');
    outbox = (recipient) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(asc(mailOutbox.createdAt));
    deliveryJobs = async () => (await db().select().from(job).where(eq(job.type, 'mail.deliver'))).length;
    const { email } = await h.createUser({ roles: ['admin'] }, 'admin');
    ({ actor: admin } = await h.signIn(email));
  }, 90_000);

  beforeEach(() => {
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => log.mockRestore());
  afterAll(async () => {
    await h?.stop();
  });

  const invitee = (language?: 'en' | 'de') => ({ email: uniqueEmail('mailed'), firstName: 'Lena', lastName: 'Vogt', customerId: h.customer.id, roles: ['customer'], ...(language && { language }) });

  it('an invitation writes exactly one queued outbox row to the invitee with the link, the code and the validity', async () => {
    const input = invitee();
    const { invitation } = await inviteUserFromJson(h.ctx(admin), input);
    expect(invitation.mail).toEqual({ to: input.email, delivery: 'outbox', language: 'en' });

    const rows = await outbox(input.email);
    expect(rows).toHaveLength(1);
    const [row] = rows as [MailOutboxRow];
    expect(row).toMatchObject({ recipient: input.email, subject: 'Your invitation to Argus', template: 'invitation.en', status: 'queued', sentAt: null, error: null });
    expect(row.body).toContain(`   ${invitation.recoveryCode}\n`);
    expect(row.body).toContain(invitation.recoveryLink);
    expect(row.body).toContain('Hello Lena,');
    expect(row.body).toMatch(/valid for 7 days, until .+ \(Berlin time\)/);
    expect(await deliveryJobs()).toBe(0);

    // One log line with recipient and subject that points at the outbox — never the code.
    const lines = log.mock.calls.map((args) => args.join(' ')).filter((line) => line.includes(input.email));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Your invitation to Argus');
    expect(lines[0]).toContain('mail_outbox');
    expect(lines[0]).not.toContain(invitation.recoveryCode);
    expect(lines[0]).not.toContain(invitation.recoveryLink);
  });

  it('mails in the language the admin chose, and a new invitation link goes out again in that language with the new code', async () => {
    const input = invitee('de');
    const { user, invitation } = await inviteUserFromJson(h.ctx(admin), input);
    expect(invitation.mail.language).toBe('de');
    const again = await reissueInvitation(h.ctx(admin), { identityId: user.identityId });
    expect(again.mail).toEqual({ to: input.email, delivery: 'outbox', language: 'de' });
    expect(again.recoveryCode).not.toBe(invitation.recoveryCode);

    const rows = await outbox(input.email);
    expect(rows.map((r) => [r.template, r.subject])).toEqual([
      ['invitation.de', 'Ihre Einladung zu Argus'],
      ['invitation.de', 'Ihre Einladung zu Argus'],
    ]);
    expect(rows[0]!.body).toContain(`   ${invitation.recoveryCode}\n`);
    expect(rows[1]!.body).toContain(`   ${again.recoveryCode}\n`);
    expect(rows[1]!.body).toContain('Guten Tag Lena,');
  });

  it('a refused invitation mails nothing', async () => {
    const input = invitee();
    await inviteUserFromJson(h.ctx(admin), input);
    await expect(inviteUserFromJson(h.ctx(admin), { ...input, firstName: 'Twice' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await outbox(input.email)).toHaveLength(1);
    const unknownCustomer = invitee();
    await expect(inviteUserFromJson(h.ctx(admin), { ...unknownCustomer, customerId: 999_999 })).rejects.toThrow();
    expect(await outbox(unknownCustomer.email)).toHaveLength(0);
  });
});
