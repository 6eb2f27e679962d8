import type { Topic } from './topics.ts';

/** Where a bus reports what it skipped or could not do (a pino or Fastify logger fits). */
export interface BusLog {
  warn(obj: object, msg: string): void;
}

/** Stops one subscription; calling it again does nothing. */
export type Unsubscribe = () => void;

/**
 * Messages between the roles (issue 17). Every subscriber of a topic, on every node, gets every
 * message published to it after it subscribed, in the order published (broadcast, not a work
 * queue: each api node needs every position for its own sockets). Handlers treat payloads as
 * read-only: in process, every subscriber gets the same object.
 */
export interface Bus {
  /** 'memory': one process, no server; 'redis': Redis Streams. */
  readonly kind: 'memory' | 'redis';
  /** Resolves when the message is on the bus; rejects when it cannot be (not serialisable, server gone for good). */
  publish<T>(topic: Topic<T>, payload: T): Promise<void>;
  /** A handler's throw (or rejected promise) is logged and does not stop the messages after it. */
  subscribe<T>(topic: Topic<T>, handler: (payload: T) => void | Promise<void>): Unsubscribe;
  /**
   * Resolves once every subscription made so far has its starting point: a message published
   * after this, from any node, reaches them. A node awaits it before it starts serving.
   */
  ready(): Promise<void>;
  /** Ends the reader and the connections; publish rejects afterwards. */
  close(): Promise<void>;
}

/** The handlers of each topic on one node, each called on its own so one failing never stops another. */
export class Handlers {
  private readonly byTopic = new Map<string, Set<(payload: never) => void | Promise<void>>>();

  constructor(private readonly log: BusLog) {}

  /** Adds a handler; true when it is the topic's first. */
  add<T>(topic: Topic<T>, handler: (payload: T) => void | Promise<void>): boolean {
    const set = this.byTopic.get(topic.name);
    if (set) {
      set.add(handler as (payload: never) => void);
      return false;
    }
    this.byTopic.set(topic.name, new Set([handler as (payload: never) => void]));
    return true;
  }

  /** Removes a handler; true when the topic has none left. */
  remove<T>(topic: Topic<T>, handler: (payload: T) => void | Promise<void>): boolean {
    const set = this.byTopic.get(topic.name);
    if (!set?.delete(handler as (payload: never) => void)) return false;
    if (set.size > 0) return false;
    this.byTopic.delete(topic.name);
    return true;
  }

  has(name: string): boolean {
    return this.byTopic.has(name);
  }

  names(): string[] {
    return [...this.byTopic.keys()];
  }

  /** The topic's handlers now (to deliver to later, only to those still subscribed then). */
  current(name: string): ReadonlyArray<unknown> {
    return [...(this.byTopic.get(name) ?? [])];
  }

  /**
   * Calls the topic's handlers with a payload; `among`: only those of an earlier `current()` (a
   * handler subscribed after the message was published does not get it).
   */
  deliver(name: string, payload: unknown, among?: ReadonlyArray<unknown>): void {
    const set = this.byTopic.get(name);
    if (!set) return;
    // A copy: a handler that unsubscribes (or subscribes another) does not change this round; one
    // that another handler unsubscribed in this round is skipped.
    for (const handler of among ?? [...set]) {
      if (!set.has(handler as (payload: never) => void)) continue;
      try {
        const done = (handler as (p: unknown) => unknown)(payload);
        if (done instanceof Promise) done.catch((err: unknown) => this.failed(name, err));
      } catch (err) {
        this.failed(name, err);
      }
    }
  }

  clear(): void {
    this.byTopic.clear();
  }

  private failed(name: string, err: unknown): void {
    this.log.warn({ topic: name, err: err instanceof Error ? err.message : String(err) }, 'bus handler failed');
  }
}
