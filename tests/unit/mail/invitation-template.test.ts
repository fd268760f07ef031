import { invitationMail } from '@/lib/server/mail/templates';

/** The invitation e-mail (issue 8 item 3): link, code, validity and the steps, in English and German. */
describe('invitation mail', () => {
  const now = new Date('2026-03-05T09:30:00.000Z');
  const data = {
    firstName: 'Lena',
    link: 'https://argus.example.com/self-service/recovery?flow=0b0e1d7e&token=abc',
    code: '482913',
    expiresAt: '2026-03-12T09:30:00.000Z',
    appUrl: 'https://argus.example.com',
  };

  it('in English: greeting, link, code, valid 7 days until the Berlin date, and what to do', () => {
    const mail = invitationMail('en', data, now);
    expect(mail.template).toBe('invitation.en');
    expect(mail.subject).toBe('Your invitation to Argus');
    expect(mail.text).toContain('Hello Lena,');
    expect(mail.text).toContain('https://argus.example.com)');
    expect(mail.text).toContain(`1. Open this link:\n   ${data.link}\n`);
    expect(mail.text).toContain('2. Enter this code:\n   482913\n');
    expect(mail.text).toContain('Set your password there.');
    expect(mail.text).toContain('valid for 7 days, until March 12, 2026 at 10:30 (Berlin time)');
    expect(mail.text).toContain('ask your contact person for a new invitation');
  });

  it('in German: formal address, link, code, 7 Tage gültig bis zum Berliner Datum, and the steps', () => {
    const mail = invitationMail('de', data, now);
    expect(mail.template).toBe('invitation.de');
    expect(mail.subject).toBe('Ihre Einladung zu Argus');
    expect(mail.text).toContain('Guten Tag Lena,');
    expect(mail.text).toContain(`1. Öffnen Sie diesen Link:\n   ${data.link}\n`);
    expect(mail.text).toContain('2. Geben Sie diesen Code ein:\n   482913\n');
    expect(mail.text).toContain('Legen Sie dort Ihr Passwort fest.');
    expect(mail.text).toContain('Link und Code gelten 7 Tage, bis 12. März 2026 um 10:30 (Berliner Zeit)');
    expect(mail.text).not.toMatch(/\b(du|dein|dich)\b/i);
  });

  it('counts a code about to expire as one day', () => {
    expect(invitationMail('en', { ...data, expiresAt: '2026-03-05T12:00:00.000Z' }, now).text).toContain('valid for one day');
    expect(invitationMail('de', { ...data, expiresAt: '2026-03-05T12:00:00.000Z' }, now).text).toContain('gelten einen Tag');
  });
});
