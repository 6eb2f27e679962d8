/** The SMS module's door (issue 15): the provider interface (HTTP when SMS_URL is set, else the outbox only) and its calls. */
export { httpSmsProvider, outboxOnly, senderOf, smsProviderOf, type SmsProvider, type SmsSettings } from './sms.provider.ts';
export { smsRepository } from './sms.repository.ts';
export { smsRoutes } from './sms.routes.ts';
