import type { ReportFormat, ReportResult, RunReportBody } from '@fleet/shared';
import { Writable } from 'node:stream';
import type { Letterhead } from '../lib/pdf/branded-pdf.ts';
import type { MakeReportFile } from './report-scheduler.ts';

/** The report engine's door as the scheduler uses it (modules/reports: `reportsService(...)`). */
export interface ReportEngine {
  produce(siteId: number, body: RunReportBody, opts?: { tracksec?: boolean }): Promise<ReportResult>;
  render(result: ReportResult, format: ReportFormat, ctx: { letterhead: Letterhead; madeBy: string }, out: NodeJS.WritableStream): Promise<void>;
  fileName(result: ReportResult, format: ReportFormat): string;
}

/** Collects a stream's bytes: a scheduled report is attached whole to its mail. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

/**
 * A schedule's report as a file: the engine's produce and render, on the site's letterhead. The
 * schedule was saved by a user the calls allowed (the timesheet report only with Tracksec), so it
 * runs with what its kind needs.
 */
export function reportFileMaker(engine: ReportEngine, letterheadOf: (siteId: number) => Promise<Letterhead | null>): MakeReportFile {
  return async (siteId, body, format, ctx) => {
    const letterhead = await letterheadOf(siteId);
    if (!letterhead) throw new Error('the site no longer exists');
    const result = await engine.produce(siteId, body, { tracksec: true });
    const file = collector();
    await engine.render(result, format, { letterhead, madeBy: ctx.madeBy }, file.out);
    return { content: file.bytes(), fileName: engine.fileName(result, format), title: result.title };
  };
}
