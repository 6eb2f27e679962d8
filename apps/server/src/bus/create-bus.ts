import type { Bus, BusLog } from './bus.ts';
import { memoryBus } from './memory-bus.ts';
import { redisBus, type RedisBusOptions } from './redis-bus.ts';

const ACCEPTED = 'leave it empty for the in-process bus, or give redis://host:port (rediss:// for TLS)';

/** A url as an error message may show it: never its credentials. */
const shown = (url: string) => url.replace(/\/\/[^/@]*@/, '//***@');

/** Which bus a url asks for; anything else is refused with what is accepted. */
export function busUrl(url: string | undefined): 'memory' | 'redis' {
  if (url === undefined || url.trim() === '') return 'memory';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The bus url '${shown(url)}' is not a url: ${ACCEPTED}.`);
  }
  if (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') return 'redis';
  throw new Error(`The bus url '${shown(url)}' is not supported: ${ACCEPTED}.`);
}

/**
 * The bus for a url: none, the in-process one (one process, no server: the embedded default);
 * redis:// or rediss://, Redis Streams shared by every node given the same url and key prefix.
 */
export function createBus(opts: { url?: string; log: BusLog } & Partial<Omit<RedisBusOptions, 'url' | 'log'>>): Bus {
  if (busUrl(opts.url) === 'memory') return memoryBus(opts.log);
  return redisBus({ ...opts, url: opts.url as string });
}
