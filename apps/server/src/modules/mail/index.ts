/** The mail module's door: the outbox and its delivery. */
export { mailService, SECRET_SLOT, UNDELIVERABLE_WITHOUT_SMTP, withheldMarker, type MailService } from './mail.service.ts';
