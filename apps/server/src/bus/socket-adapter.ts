import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { busUrl } from './create-bus.ts';

/** What `new Server(..., { adapter })` takes. */
export type AdapterConstructor = ReturnType<typeof createAdapter>;

export interface SocketAdapter {
  adapter: AdapterConstructor;
  /** Quits the adapter's Redis client; after the Socket.IO server's own close (which stops the adapter's readers). */
  close(): Promise<void>;
}

/**
 * The Socket.IO adapter that shares rooms across api nodes: an emit to a site room on one node
 * reaches that room's sockets on every node. Redis Streams, like the bus (docs/decisions.md, "Issue
 * 17 — the bus"); its own client, since the adapter duplicates it for its blocking reader and its
 * PUB/SUB. No url (the embedded default): undefined, Socket.IO's in-memory adapter.
 */
export function socketAdapterFor(url: string | undefined, opts: { keyPrefix?: string } = {}): SocketAdapter | undefined {
  if (busUrl(url) === 'memory') return undefined;
  const prefix = opts.keyPrefix ?? 'fleet:';
  const client = new Redis(url as string, { connectionName: `${prefix}socket.io` });
  client.on('error', () => { /* reconnects by itself; the bus's own connection logs the outage */ });
  const adapter = createAdapter(client, {
    streamName: `${prefix}socket.io`,
    channelPrefix: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}sio:session:`,
    // The adapter's reader ends only after its blocking read returns: a short block lets a node shut down within a second.
    blockTimeInMs: 1000,
  });
  return {
    adapter,
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
