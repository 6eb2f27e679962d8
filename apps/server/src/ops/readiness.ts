/** What readiness asks (each a question that may fail in words). */
export interface ReadinessChecks {
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  /** Journal migrations the database has not applied (packages/db migrationState). */
  pendingMigrations(): Promise<string[]>;
  /** Every device listener bound and not closing. */
  listening(): boolean;
}

export interface ReadinessAnswer {
  ready: boolean;
  /** Why not, in words; empty when ready. */
  reasons: string[];
}

/** How long a readiness check waits, by default, for the database before it counts as not answering. */
const DB_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The process's readiness: may a load balancer send it work now? Not while draining (set at
 * once on SIGTERM, main.ts), nor while the database does not answer, its migrations are behind
 * this code, or the device listeners are not bound. Migrations once found applied stay applied
 * (they are never undone), so that question is asked only until it is answered yes.
 */
export function readiness(checks: ReadinessChecks, opts: { dbTimeoutMs?: number } = {}) {
  const timeoutMs = opts.dbTimeoutMs ?? DB_TIMEOUT_MS;
  let draining = false;
  let migrated = false;
  return {
    get draining(): boolean {
      return draining;
    },
    /** The shutdown has begun: readiness answers no from now on. */
    startDraining(): void {
      draining = true;
    },
    async check(): Promise<ReadinessAnswer> {
      const reasons: string[] = [];
      if (draining) reasons.push('The server is shutting down.');
      let answers = true;
      try {
        await within(checks.ping(), timeoutMs);
      } catch (err) {
        answers = false;
        reasons.push(`The database does not answer (${err instanceof Error ? err.message : String(err)}).`);
      }
      if (answers && !migrated) {
        try {
          const pending = await within(checks.pendingMigrations(), timeoutMs);
          if (pending.length === 0) migrated = true;
          else reasons.push(`The database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} of this version (${pending.join(', ')}).`);
        } catch (err) {
          reasons.push(`The database's migrations could not be read (${err instanceof Error ? err.message : String(err)}).`);
        }
      }
      if (!checks.listening()) reasons.push('The device listeners are not bound.');
      return { ready: reasons.length === 0, reasons };
    },
  };
}
export type Readiness = ReturnType<typeof readiness>;
