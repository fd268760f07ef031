import 'server-only';

/* The app's e-mail (ARCHITECTURE "mail"): every message in `mail_outbox`, delivered by the `mail.deliver` job when SMTP_URL is set. */
export { sendMail, type MailDelivery, type OutgoingMail } from './send-mail';
export { lastInvitationLanguage, mailInvitation } from './invitation';
export { invitationMail, type InvitationMailData, type RenderedMail } from './templates';
