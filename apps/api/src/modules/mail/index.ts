/** The mail module's public surface: the outbox and the development mailbox. */
export { MailService, type MailMessage } from './mail.service.ts';
export { registerMailboxRoutes } from './mailbox.routes.ts';
