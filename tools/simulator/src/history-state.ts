import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which past day each device has delivered up to (IMEI → YYYY-MM-DD), kept in a small JSON file
 * beside the server's data, so `npm start` on the same data directory does not send it again.
 */
export class HistoryState {
  private readonly sent: Record<string, string>;

  constructor(private readonly file: string | undefined) {
    this.sent = {};
    if (!file) return;
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (parsed && typeof parsed === 'object')
        for (const [imei, date] of Object.entries(parsed))
          if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) this.sent[imei] = date;
    } catch {
      // No file yet (first run) or an unreadable one: send the history again; the server's
      // unique key stores a re-sent record once.
    }
  }

  /** The last day already delivered for this device, if any. */
  sentUpTo(imei: string): string | undefined {
    return this.sent[imei];
  }

  /** Records that the device's history up to `date` is acknowledged. */
  markSent(imei: string, date: string): void {
    if ((this.sent[imei] ?? '') >= date) return;
    this.sent[imei] = date;
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.sent, null, 1)}\n`);
    renameSync(tmp, this.file);
  }
}
