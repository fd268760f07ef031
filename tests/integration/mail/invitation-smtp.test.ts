import { createServer } from 'node:net';
import { startSmtpSink, type SmtpSink } from '../identity/support/smtp-sink';
import { uniqueEmail } from '../identity/support/flows';
import { startHarness, type Harness } from '../admin-users/harness';
import { waitFor } from '../jobs/harness';
import { tempDir } from '../storage/helpers';
import type { UserActor } from '@/lib/server/auth/actor';
import type { MailOutboxRow } from '@/lib/server/db/schema/mail';
import type { Worker } from '@/lib/server/jobs/worker';

/**
 * Issue 8 item 3 with a mail server (SMTP_URL): the invitation's outbox row and its `mail.deliver`
 * job commit with the invitation; the worker hands the message to SMTP (a recording sink here)
 * and marks the row sent. A delivery the SMTP server refuses is recorded and retried.
 */
describe('invitation mail with SMTP', () => {
  let sink: SmtpSink;
  let h: Harness;
  let worker: Worker;
  let removeDir: () => Promise<void>;
  let admin: UserActor;
  let inviteUserFromJson: typeof import('@/lib/server/users/invite-user').inviteUserFromJson;
  let outbox: (recipient: string) => Promise<MailOutboxRow[]>;
  let deliverMessage: typeof import('@/lib/server/mail/deliver').deliverMessage;
  let mailOutbox: typeof import('@/lib/server/db/schema/mail').mailOutbox;
  let appDb: typeof import('@/lib/server/db/client').db;

  beforeAll(async () => {
    sink = await startSmtpSink();
    process.env.SMTP_URL = sink.url;
    process.env.MAIL_FROM = 'Argus <no-reply@argus.test>';
    h = await startHarness();
    ({ inviteUserFromJson } = await import('@/lib/server/users/invite-user'));
    ({ deliverMessage } = await import('@/lib/server/mail/deliver'));
    const { db, pool } = await import('@/lib/server/db/client');
    appDb = db;
    ({ mailOutbox } = await import('@/lib/server/db/schema'));
    const { asc, eq } = await import('drizzle-orm');
    outbox = (recipient) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(asc(mailOutbox.createdAt));

    // A worker for the mail job on the app's database, as `npm run worker` runs it.
    const { createBoss } = await import('@/lib/server/jobs/boss');
    const { createWorker } = await import('@/lib/server/jobs/worker');
    const { createFsStorage } = await import('@/lib/server/storage/fs-driver');
    const { mailDeliver } = await import('@/lib/server/worker-handlers');
    const dir = await tempDir('mail');
    removeDir = dir.remove;
    const boss = createBoss({ pool: pool(), supervise: false, pollingIntervalSeconds: 0.5 });
    worker = createWorker({ boss, db: db(), storage: createFsStorage(dir.path), definitions: [mailDeliver], pollingIntervalSeconds: 0.5, listenUrl: process.env.DATABASE_URL, shutdownGraceMs: 2000, log: () => undefined });
    await worker.start();

    const { email } = await h.createUser({ roles: ['admin'] }, 'admin');
    ({ actor: admin } = await h.signIn(email));
  }, 90_000);

  afterAll(async () => {
    await worker?.stop();
    await h?.stop();
    await sink?.stop();
    await removeDir?.();
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
  });

  it('an invitation is delivered through SMTP to the invitee, with the code, and its outbox row is marked sent', async () => {
    const input = { email: uniqueEmail('smtp-invitee'), firstName: 'Jonas', lastName: 'Keller', customerId: h.customer.id, roles: ['customer'], language: 'de' as const };
    const { invitation } = await inviteUserFromJson(h.ctx(admin), input);
    expect(invitation.mail).toEqual({ to: input.email, delivery: 'smtp', language: 'de' });

    const [row] = await waitFor(() => outbox(input.email), (rows) => rows[0]?.status === 'sent');
    expect(await outbox(input.email)).toHaveLength(1);
    expect(row).toMatchObject({ template: 'invitation.de', status: 'sent', error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);

    const delivered = sink.messages.filter((m) => m.to.some((to) => to.includes(input.email)));
    expect(delivered).toHaveLength(1);
    const message = delivered[0]!;
    expect(message.from).toContain('no-reply@argus.test');
    expect(message.data).toMatch(/^Subject: Ihre Einladung zu Argus\r?$/m);
    expect(message.data).toContain(`   ${invitation.recoveryCode}`);
  });

  it('a refused delivery stays queued with its error for the retry, and the last attempt marks it failed', async () => {
    // A port that refuses connections: listen, note the port, close.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));

    // Stored without a job (so the worker leaves it alone) and delivered by hand, as the job would.
    const to = uniqueEmail('refused');
    const [message] = await appDb().insert(mailOutbox).values({ recipient: to, subject: 'Test', body: 'Hello', template: 'plain' }).returning();
    if (!message) throw new Error('no outbox row');
    const dead = { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Argus <no-reply@argus.test>' };
    await expect(deliverMessage(appDb(), message.id, { ...dead, lastAttempt: false })).rejects.toThrow();
    const [retrying] = await outbox(to);
    expect(retrying).toMatchObject({ status: 'queued', sentAt: null });
    expect(retrying!.error).toMatch(/ECONNREFUSED/);
    await expect(deliverMessage(appDb(), message.id, { ...dead, lastAttempt: true })).rejects.toThrow();
    expect((await outbox(to))[0]).toMatchObject({ status: 'failed' });
  });
});
