import { type Bus, type BusLog, Handlers } from './bus.ts';

/**
 * The embedded default: one process, no server. A message is delivered after publish returns (a
 * microtask later), as the Redis bus always does, so no code comes to rely on a handler having run
 * on the publisher's stack.
 */
export function memoryBus(log: BusLog): Bus {
  const handlers = new Handlers(log);
  let closed = false;
  return {
    kind: 'memory',
    publish(topic, payload) {
      if (closed) return Promise.reject(new Error(`The bus is closed: '${topic.name}' not published.`));
      const among = handlers.current(topic.name);
      if (among.length > 0) queueMicrotask(() => handlers.deliver(topic.name, payload, among));
      return Promise.resolve();
    },
    subscribe(topic, handler) {
      if (closed) throw new Error(`The bus is closed: cannot subscribe to '${topic.name}'.`);
      handlers.add(topic, handler);
      return () => void handlers.remove(topic, handler);
    },
    ready: () => Promise.resolve(),
    close() {
      closed = true;
      handlers.clear();
      return Promise.resolve();
    },
  };
}
