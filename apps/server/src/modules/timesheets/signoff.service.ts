import { createHash } from 'node:crypto';
import {
  type TimesheetListEntry, type TimesheetSheet, weekCommencingOf, zonedDate,
} from '@fleet/shared';
import sharp from 'sharp';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import type { Letterhead } from '../../lib/pdf/branded-pdf.ts';
import type { SignoffRepository } from './signoff.repository.ts';
import { type SignoffSignature, timesheetSignoffPdf } from './signoff-pdf.ts';

/** Who makes a change, as the audit trail keeps it. */
export interface ChangedBy {
  userId: number;
  userName: string;
}

/** What the sign-off needs of the timesheets door (helper T's timesheetsService). */
export interface TimesheetsDoor {
  sheet(siteIds: number[], id: number): Promise<TimesheetSheet | null>;
  sheetOf(siteIds: number[], driverId: number, wc: string): Promise<TimesheetSheet | null>;
  weekOfSite(siteId: number, wc: string): Promise<TimesheetListEntry[]>;
  lock(id: number, version: number, by: ChangedBy): Promise<boolean>;
  reopen(id: number, by: ChangedBy): Promise<number>;
  audit(id: number, entry: { action: string; field?: string; before?: unknown; after?: unknown; shiftId?: number }, by: ChangedBy): Promise<unknown>;
}

/** What the sign-off needs of the uploads door. */
export interface SignatureImages {
  ofSite(ids: number[], siteId: number): Promise<Set<number>>;
  read(id: number, siteIds: number[]): Promise<{ bytes: Buffer; contentType: string } | null>;
}

export interface SignoffDeps {
  timesheets: TimesheetsDoor;
  repo: SignoffRepository;
  images: SignatureImages;
  letterhead(siteId: number): Promise<Letterhead | null>;
  now?: () => Date;
}

const conflict = (message: string) => new ApiError(409, message);

/** An upload as PNG or JPEG bytes, the two pdfkit draws (a WebP signature is converted). */
async function pdfImage(images: SignatureImages, id: number, siteId: number): Promise<Buffer | null> {
  const img = await images.read(id, [siteId]);
  if (!img) return null;
  if (img.contentType === 'image/png' || img.contentType === 'image/jpeg') return img.bytes;
  return sharp(img.bytes).png().toBuffer();
}

/**
 * Whether the driver's signature still covers the sheet: no correction was made after it (a
 * signature of data since changed is not printed; the driver signs again).
 */
export function driverSignatureCurrent(sheet: TimesheetSheet, signedAt: Date): boolean {
  return !sheet.audit.some((e) => !['driversignoff', 'signoff'].includes(e.action) && Date.parse(e.at) > signedAt.getTime());
}

/** The week commencing asked, or the site's current week; a date that is not a Monday is refused. */
export function weekAsked(wc: string | undefined, timeZone: string, now: Date): string {
  if (wc === undefined) return weekCommencingOf(zonedDate(Math.floor(now.getTime() / 1000), timeZone));
  if (weekCommencingOf(wc) !== wc) throw badRequest(`The week commencing must be a Monday: ${wc} is in the week commencing ${weekCommencingOf(wc)}.`);
  return wc;
}

export function signoffService(deps: SignoffDeps) {
  const { timesheets, repo, images } = deps;
  const now = deps.now ?? (() => new Date());

  async function siteZone(siteId: number): Promise<string> {
    const tz = await repo.timezoneOf(siteId);
    if (tz === null) throw notFound('site');
    return tz;
  }

  /** The driver's signature to print on a sheet's PDF: drawn at the office (an upload), else the cab's if still current. */
  async function driverSignatureFor(sheet: TimesheetSheet, officeUpload: number, siteId: number, at: Date): Promise<{ sig: SignoffSignature; uploadId: number } | null> {
    if (officeUpload > 0) {
      return { sig: { name: sheet.driver.name, signedAt: at.toISOString(), png: await pdfImage(images, officeUpload, siteId) }, uploadId: officeUpload };
    }
    const cab = await repo.driverSignature(sheet.id, sheet.version);
    if (!cab || !driverSignatureCurrent(sheet, cab.signed_at)) return null;
    return { sig: { name: sheet.driver.name, signedAt: cab.signed_at.toISOString(), png: await pdfImage(images, cab.signature_id, siteId) }, uploadId: cab.signature_id };
  }

  /** Locks one sheet's version, makes its PDF from the sheet as locked and stores it; a failure after the lock reopens it. */
  async function signOne(sheet0: TimesheetSheet, o: { siteId: number; by: ChangedBy; name: string; soid: number; operatorPng: Buffer | null; officeDriverUpload: number; letterhead: Letterhead }) {
    if (!(await timesheets.lock(sheet0.id, sheet0.version, o.by))) {
      throw conflict(`The timesheet of ${sheet0.driver.name} was signed off or reopened meanwhile: reload the week and try again.`);
    }
    try {
      const sheet = await timesheets.sheet([o.siteId], sheet0.id);
      if (!sheet) throw notFound('timesheet');
      const at = now();
      const driver = await driverSignatureFor(sheet, o.officeDriverUpload, o.siteId, at);
      const pdf = await timesheetSignoffPdf({
        sheet, letterhead: o.letterhead, version: sheet.version, driver: driver?.sig ?? null,
        operator: { name: o.name, signedAt: at.toISOString(), png: o.operatorPng },
      });
      const pdfSha256 = createHash('sha256').update(pdf).digest('hex');
      const id = await repo.insert({
        timesheetId: sheet.id, version: sheet.version, operatorUserId: o.by.userId, operatorName: o.name, operatorSignatureId: o.soid,
        operatorSignedAt: at, driverSignatureId: driver?.uploadId ?? null, driverSignedAt: driver ? new Date(driver.sig.signedAt) : null, pdf, pdfSha256,
      });
      if (id === null) throw conflict(`Version ${sheet.version} of the timesheet of ${sheet.driver.name} is signed off already.`);
      await timesheets.audit(sheet.id, { action: 'signoff', after: { version: sheet.version, signoff: id, name: o.name, sha256: pdfSha256 } }, o.by);
      return { timesheetId: sheet.id, id, version: sheet.version };
    } catch (err) {
      // Never leave a week locked without its PDF: reopen it (a new version, in the audit trail).
      await timesheets.reopen(sheet0.id, o.by).catch(() => {});
      throw err;
    }
  }

  return {
    /** The site's week: its drivers' timesheets and every stored sign-off of them. */
    async week(siteId: number, wc: string | undefined) {
      const timezone = await siteZone(siteId);
      const week = weekAsked(wc, timezone, now());
      const [list, signoffs] = await Promise.all([timesheets.weekOfSite(siteId, week), repo.ofWeek(siteId, week)]);
      return { wc: week, timezone, timesheets: list, signoffs };
    },

    /** signofftimesheets: every sheet is checked before the first is locked; each is then locked, printed and stored in turn. */
    async signOff(siteId: number, by: ChangedBy, body: { ids: number[]; soid: number; wcnumber: string; cname: string; idss?: number[] | undefined }) {
      const { ids, soid, wcnumber, cname } = body;
      const idss = body.idss ?? [];
      if (body.idss && idss.length !== ids.length) throw badRequest(`idss must name a driver's signature (or 0) for each of the ${ids.length} timesheets, in the same order.`);
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      if (twice !== undefined) throw badRequest(`Timesheet ${twice} is listed twice.`);
      const sheets: TimesheetSheet[] = [];
      for (const id of ids) {
        const sheet = await timesheets.sheet([siteId], id);
        if (!sheet) throw notFound('timesheet');
        if (sheet.wc !== wcnumber) throw badRequest(`The timesheet of ${sheet.driver.name} is of the week commencing ${sheet.wc}, not ${wcnumber}.`);
        if (sheet.lockedAt !== null) throw conflict(`The timesheet of ${sheet.driver.name} is signed off already (version ${sheet.version}): reopen it to sign off a new version.`);
        sheets.push(sheet);
      }
      const uploadIds = [soid, ...idss.filter((x) => x > 0)];
      const known = await images.ofSite(uploadIds, siteId);
      if (!known.has(soid)) throw badRequest('Your signature was not uploaded: upload it first (timesheetsignature).');
      const missing = uploadIds.find((x) => !known.has(x));
      if (missing !== undefined) throw badRequest(`The driver's signature ${missing} was not uploaded: upload it first (timesheetsignature).`);
      const letterhead = await deps.letterhead(siteId);
      if (!letterhead) throw notFound('site');
      const operatorPng = await pdfImage(images, soid, siteId);
      const signoffs = [];
      for (const [i, sheet] of sheets.entries()) {
        signoffs.push(await signOne(sheet, { siteId, by, name: cname, soid, operatorPng, officeDriverUpload: idss[i] ?? 0, letterhead }));
      }
      return signoffs;
    },

    pdf: (id: number, siteIds: number[]) => repo.pdf(id, siteIds),

    /** reopentimesheet: a signed-off week becomes editable again as the next version; its PDFs stay. */
    async reopen(id: number, siteIds: number[], by: ChangedBy): Promise<number> {
      const sheet = await timesheets.sheet(siteIds, id);
      if (!sheet) throw notFound('timesheet');
      if (sheet.lockedAt === null) throw conflict(`The timesheet of ${sheet.driver.name} is not signed off: it is open to changes already.`);
      return timesheets.reopen(id, by);
    },

    /** drivertimesheet: the signed-in driver's own week (the site's current week unless asked). */
    async driverWeek(siteId: number, driverId: number, wc: string | undefined): Promise<TimesheetSheet> {
      const week = weekAsked(wc, await siteZone(siteId), now());
      const sheet = await timesheets.sheetOf([siteId], driverId, week);
      if (!sheet) throw notFound('timesheet');
      return sheet;
    },

    /** drivertimesheetsign: the driver signs the version they read; a newer version or a signed-off week is refused. */
    async driverSign(siteId: number, driverId: number, by: ChangedBy, body: { id: number; version: number; sig: number }): Promise<string> {
      const sheet = await timesheets.sheet([siteId], body.id);
      if (!sheet || sheet.driver.id !== driverId) throw notFound('timesheet');
      if (sheet.lockedAt !== null) throw conflict('This week is signed off already: the office reopens it if something is wrong.');
      if (sheet.version !== body.version) throw conflict(`The office changed this week since you read it (now version ${sheet.version}): read it again, then sign.`);
      const known = await images.ofSite([body.sig], siteId);
      if (!known.has(body.sig)) throw badRequest('The signature was not uploaded: upload it first (sendtempimage).');
      const signed = await repo.signAsDriver(sheet.id, sheet.version, driverId, body.sig);
      await timesheets.audit(sheet.id, { action: 'driversignoff', after: { version: sheet.version } }, by);
      return signed.toISOString();
    },
  };
}
export type SignoffService = ReturnType<typeof signoffService>;
