/** The messages module's door: a vehicle's conversation between the office and its cab (issue 11). */
export { messagesRoutes, type MessagesLive } from './messages.routes.ts';
export { messagesRepository, type MessagesRepository } from './messages.repository.ts';
