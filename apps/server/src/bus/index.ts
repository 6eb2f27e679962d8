/**
 * The bus between the roles (issue 17): typed topics, an in-process bus (the embedded default) and
 * one on Redis Streams, and the Socket.IO adapter that shares rooms across api nodes.
 */
export type { Bus, BusLog, Unsubscribe } from './bus.ts';
export { defineTopic, topics, type PayloadOf, type SessionLookups, type SessionsEnded, type SiteMessage, type Topic } from './topics.ts';
export { busUrl, createBus } from './create-bus.ts';
export { memoryBus } from './memory-bus.ts';
export type { RedisBusOptions } from './redis-bus.ts';
export { socketAdapterFor, type AdapterConstructor, type SocketAdapter } from './socket-adapter.ts';
