/** How many events one socket may send: a burst, then a steady rate; and how long it may go on past that. */
export interface EventLimit {
  /** Events a socket may send at once. */
  burst: number;
  /** Events per second it earns back. */
  perSecond: number;
  /** Events refused (earned back at perSecond too) before the socket is closed. */
  patience: number;
}

export const DEFAULT_EVENT_LIMIT: EventLimit = { burst: 30, perSecond: 10, patience: 60 };

/** A token bucket: `take` spends one token when there is one; tokens come back at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * One socket's limit: each event spends a token of the event bucket; an event that finds it empty
 * is refused ('refused') and spends a token of the patience bucket; when that is empty too the
 * client has kept on far past the limit ('close'). A client back under the limit earns both back.
 */
export function eventLimiter(limit: EventLimit, now: () => number = Date.now) {
  const events = new TokenBucket(limit.burst, limit.perSecond, now);
  const patience = new TokenBucket(limit.patience, limit.perSecond, now);
  return (): 'ok' | 'refused' | 'close' => {
    if (events.take()) return 'ok';
    return patience.take() ? 'refused' : 'close';
  };
}
