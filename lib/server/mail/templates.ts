import { formatDate } from '@/lib/shared/format/date';
import { APP_TIME_ZONE, type Locale } from '@/lib/shared/locale';

/** What a template makes: the subject and the plain-text body. */
export interface RenderedMail {
  subject: string;
  text: string;
  /** Template name with its language, stored on the outbox row, e.g. `invitation.de`. */
  template: string;
}

export interface InvitationMailData {
  firstName: string;
  /** The one-time recovery link of the identity service (opens the code form). */
  link: string;
  code: string;
  expiresAt: string;
  /** Where Argus runs, so the invitee can tell the mail is genuine. */
  appUrl: string;
}

/** Whole days from now until `expiresAt` (at least 1), for "valid for 7 days". */
function daysLeft(expiresAt: string, now: Date): number {
  return Math.max(1, Math.round((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000));
}

/**
 * The invitation of the user center (issue 8 item 3, docs/user-center.md): the link, the code,
 * how long they are valid and what to do with them, in the language the inviting admin chose.
 */
export function invitationMail(locale: Locale, d: InvitationMailData, now = new Date()): RenderedMail {
  const until = formatDate(d.expiresAt, locale, { timeZone: APP_TIME_ZONE });
  const days = daysLeft(d.expiresAt, now);
  if (locale === 'de') {
    return {
      template: 'invitation.de',
      subject: 'Ihre Einladung zu Argus',
      text: [
        `Guten Tag ${d.firstName},`,
        '',
        `Sie wurden zu Argus (${d.appUrl}) eingeladen. So richten Sie Ihren Zugang ein:`,
        '',
        `1. Öffnen Sie diesen Link:`,
        `   ${d.link}`,
        `2. Geben Sie diesen Code ein:`,
        `   ${d.code}`,
        '3. Sie sind dann angemeldet und werden zu Ihrem Profil geführt. Legen Sie dort Ihr Passwort fest.',
        '',
        `Link und Code gelten ${days === 1 ? 'einen Tag' : `${days} Tage`}, bis ${until} (Berliner Zeit), und nur einmal.`,
        'Sind sie abgelaufen, bitten Sie Ihre Ansprechperson um eine neue Einladung.',
        'Wenn Sie keine Einladung erwartet haben, können Sie diese E-Mail ignorieren.',
        '',
      ].join('\n'),
    };
  }
  return {
    template: 'invitation.en',
    subject: 'Your invitation to Argus',
    text: [
      `Hello ${d.firstName},`,
      '',
      `you have been invited to Argus (${d.appUrl}). To set up your access:`,
      '',
      '1. Open this link:',
      `   ${d.link}`,
      '2. Enter this code:',
      `   ${d.code}`,
      '3. You are then signed in and taken to your profile. Set your password there.',
      '',
      `The link and code are valid for ${days === 1 ? 'one day' : `${days} days`}, until ${until} (Berlin time), and can be used once.`,
      'If they have expired, ask your contact person for a new invitation.',
      'If you did not expect an invitation, you can ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
