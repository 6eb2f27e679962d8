import type { SessionUser, TimesheetSheet } from '@fleet/shared';
import { createHash, randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { imageForm, multipart } from '../../../test/uploads.ts';
import { LOCKED_TEXT } from './index.ts';
import { hoursMinutes } from './signoff-pdf.ts';

/**
 * Sign-off on the real app and database: the office signs a week off (locked, PDF stored and
 * downloadable again), an administrator reopens it (a new version, the old PDF kept), the driver
 * reads and signs their own week in driver mode; the tracksec gate and tenancy on every call.
 */

let t: TestApp;
let ops: SessionUser; // Leeds Depot operator with Tracksec (demo)
let admin: SessionUser; // Leeds Depot administrator with Tracksec (demo)
let bradford: SessionUser; // Bradford Yard operator, given Tracksec here: another site
let northway: SessionUser; // another customer's administrator, given Tracksec here
let noTracksec: SessionUser; // Bradford Yard administrator without it
let driver: Awaited<ReturnType<TestApp['driverSession']>>;
let otherDriver: Awaited<ReturnType<TestApp['driverSession']>>;
let unit: number;
let brandName: string;
const WC = '2026-11-16';
const WC_DRIVER = '2026-11-09';

const json = (r: { json(): unknown }) => r.json() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = (token: string, url: string) => t.call('GET', url, { token });
const post = (token: string, url: string, body: unknown) => t.call('POST', url, { token, body });

async function trip(driverId: number, start: string, end: string, drivingS: number): Promise<void> {
  const spanS = (Date.parse(end) - Date.parse(start)) / 1000;
  await t.database.pool.query(
    `INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id, driving_s, idle_s, driver_id)
     VALUES ($1, 'trip', $2, $3, 53.8, -1.55, 53.8, -1.55, 1, 2, $4, $5, $6)`, [unit, start, end, drivingS, spanS - drivingS, driverId]);
}

const signaturePng = () => sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 0, 120 0, 160 70 S 260 90, 290 30" stroke="#000" stroke-width="4" fill="none"/></svg>')).png().toBuffer();

async function officeSignature(token: string): Promise<number> {
  const form = multipart([{ name: 'key', value: randomUUID() }, { name: 'image', filename: 'signature.png', type: 'image/png', data: await signaturePng() }]);
  const res = await t.call('POST', 'timesheetsignature', { token, body: form.body, headers: form.headers });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).id as number;
}

async function sheetOf(token: string, driverId: number, wc: string): Promise<TimesheetSheet> {
  const res = await get(token, `gettimesheet?driver=${driverId}&wc=${wc}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).timesheet as TimesheetSheet;
}

async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const r = await parser.getText();
    return { pages: r.total, text: r.text };
  } finally {
    await parser.destroy();
  }
}

async function lockedAt(id: number): Promise<Date | null> {
  return (await t.database.pool.query<{ locked_at: Date | null }>('SELECT locked_at FROM timesheets WHERE id = $1', [id])).rows[0]?.locked_at ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  admin = await t.login('admin.leeds@aire-valley.example');
  await t.database.pool.query("UPDATE users SET tracksec = true WHERE email IN ('ops.bradford@aire-valley.example', 'admin@northway.example')");
  bradford = await t.login('ops.bradford@aire-valley.example');
  northway = await t.login('admin@northway.example');
  noTracksec = await t.login('admin.bradford@aire-valley.example');
  driver = await t.driverSession('Leeds Depot');
  otherDriver = await t.driverSession('Leeds Depot');
  unit = (await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [driver.siteId])).rows[0]!.id;
  brandName = (await t.database.pool.query<{ name: string }>(
    'SELECT b.name FROM sites s JOIN customers c ON c.id = s.customer_id JOIN brands b ON b.id = c.brand_id WHERE s.id = $1', [driver.siteId])).rows[0]!.name;
  // Monday 16 and Tuesday 17 November (GMT): two days with a break each; the week before: one day.
  await trip(driver.driverId, '2026-11-16T07:00:00Z', '2026-11-16T11:00:00Z', 12000);
  await trip(driver.driverId, '2026-11-16T11:45:00Z', '2026-11-16T16:00:00Z', 13000);
  await trip(driver.driverId, '2026-11-17T06:30:00Z', '2026-11-17T15:30:00Z', 27000);
  await trip(driver.driverId, '2026-11-10T08:00:00Z', '2026-11-10T12:00:00Z', 12000);
});
afterAll(async () => { await t?.close(); });

describe('signofftimesheets, timesheetpdf, reopentimesheet', () => {
  it('signs a week off: locked, its PDF stored with its sha256 and downloadable again; a second sign-off and corrections are refused', async () => {
    const sheet = await sheetOf(ops.token, driver.driverId, WC);
    const shift = sheet.shifts[0]!;
    expect((await post(ops.token, 'updateshiftnotes', { shift: shift.id, notes: 'Delivery to Hull' })).statusCode).toBe(200);
    const soid = await officeSignature(ops.token);
    const res = await post(ops.token, 'signofftimesheets', { ids: [sheet.id], soid, wcnumber: WC, cname: 'Sam Office' });
    expect(res.statusCode, res.body).toBe(200);
    const [so] = json(res).signoffs;
    expect(so).toMatchObject({ timesheetId: sheet.id, version: 1 });
    expect(await lockedAt(sheet.id)).not.toBeNull();

    const file = await get(ops.token, `timesheetpdf?id=${so.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="timesheet-.+-2026-11-16-v1\.pdf"$/);
    const bytes = file.rawPayload;
    const stored = (await t.database.pool.query<{ pdf_sha256: string; operator_name: string; operator_signature_id: string }>(
      'SELECT pdf_sha256, operator_name, operator_signature_id::text FROM timesheet_signoffs WHERE id = $1', [so.id])).rows[0]!;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.pdf_sha256);
    expect(stored).toMatchObject({ operator_name: 'Sam Office', operator_signature_id: String(soid) });
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(1);
    expect(text).toContain(brandName);
    expect(text).toContain(`Timesheet — ${driver.name}`);
    expect(text).toContain('Delivery to Hull');
    const tot = sheet.week.totals;
    expect(tot.shifts).toBe(2);
    expect(text).toContain(`Week 2 ${hoursMinutes(tot.breakS)} ${hoursMinutes(tot.drivingS)} ${hoursMinutes(tot.idleS)}`);
    expect(text).toContain(`${hoursMinutes(tot.overtimeS)} ${hoursMinutes(tot.workedS)}\nPlanned`);
    expect(text).toContain('Sam Office — ');

    const after = await sheetOf(ops.token, driver.driverId, WC);
    expect(after.signoffs).toEqual([expect.objectContaining({ id: so.id, version: 1, operatorName: 'Sam Office', pdfSha256: stored.pdf_sha256 })]);
    expect(after.audit.map((a) => a.action)).toEqual(['updateshiftnotes', 'signoff']);
    const edit = await post(ops.token, 'updateshiftnotes', { shift: shift.id, notes: 'changed' });
    expect([edit.statusCode, json(edit).message]).toEqual([409, LOCKED_TEXT]);
    const again = await post(ops.token, 'signofftimesheets', { ids: [sheet.id], soid, wcnumber: WC, cname: 'Sam Office' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toMatch(/signed off already/);

    const week = json(await get(ops.token, `timesheetsignoffs?wcnumber=${WC}`));
    expect(week.wc).toBe(WC);
    const entry = week.timesheets.find((e: { driver: { id: number } }) => e.driver.id === driver.driverId);
    expect(entry).toMatchObject({ id: sheet.id, version: 1 });
    expect(entry.lockedAt).not.toBeNull();
    expect(week.signoffs).toEqual([expect.objectContaining({ id: so.id, timesheetId: sheet.id, version: 1, pdfBytes: bytes.length })]);
  });

  it('reopens as a new version (administrators only); the next sign-off makes a new PDF and the old one stays', async () => {
    const sheet = await sheetOf(ops.token, driver.driverId, WC);
    const first = sheet.signoffs[0]!;
    expect((await post(ops.token, 'reopentimesheet', { id: sheet.id })).statusCode).toBe(403);
    const reopened = await post(admin.token, 'reopentimesheet', { id: sheet.id });
    expect(json(reopened)).toEqual({ ok: 1, version: 2 });
    expect(await lockedAt(sheet.id)).toBeNull();
    expect((await post(admin.token, 'reopentimesheet', { id: sheet.id })).statusCode).toBe(409);
    const shift = sheet.shifts[1]!;
    expect((await post(ops.token, 'updateshiftnotes', { shift: shift.id, notes: 'Wrong depot: corrected' })).statusCode).toBe(200);

    const soid = await officeSignature(admin.token);
    const res = await post(admin.token, 'signofftimesheets', { ids: [sheet.id], soid, wcnumber: WC, cname: 'Alex Admin' });
    expect(res.statusCode, res.body).toBe(200);
    const [second] = json(res).signoffs;
    expect(second).toMatchObject({ timesheetId: sheet.id, version: 2 });
    expect(second.id).not.toBe(first.id);
    const oldPdf = await get(ops.token, `timesheetpdf?id=${first.id}`);
    const newPdf = await get(ops.token, `timesheetpdf?id=${second.id}`);
    expect([oldPdf.statusCode, newPdf.statusCode]).toEqual([200, 200]);
    expect(createHash('sha256').update(oldPdf.rawPayload).digest('hex')).toBe(first.pdfSha256);
    const v2 = (await pdfText(newPdf.rawPayload)).text;
    expect(v2).toContain('Version 2');
    expect(v2).toContain('Wrong depot: corrected');
    expect(v2).toMatch(/Reopened \(version\)\s+1\s+2/);
    expect(v2).toContain('Alex Admin — ');
    expect((await pdfText(oldPdf.rawPayload)).text).not.toContain('Wrong depot');
  });

  it('signs off several sheets in one call, each with its own PDF (a driver\'s signature drawn at the office on its own); two sign-offs of one sheet at once store one', async () => {
    const [a, b] = [await t.driverSession('Leeds Depot'), await t.driverSession('Leeds Depot')];
    const sa = await sheetOf(ops.token, a.driverId, WC);
    const sb = await sheetOf(ops.token, b.driverId, WC);
    const soid = await officeSignature(ops.token);
    const signedAtOffice = await officeSignature(ops.token); // driver a signs on the office's screen
    const res = await post(ops.token, 'signofftimesheets', { ids: [sa.id, sb.id], soid, wcnumber: WC, cname: 'Sam Office', idss: [signedAtOffice, 0] });
    expect(res.statusCode, res.body).toBe(200);
    const signoffs = json(res).signoffs as Array<{ id: number; timesheetId: number; version: number }>;
    expect(signoffs.map((s) => [s.timesheetId, s.version])).toEqual([[sa.id, 1], [sb.id, 1]]);
    const texts = await Promise.all(signoffs.map(async (s) => (await pdfText((await get(ops.token, `timesheetpdf?id=${s.id}`)).rawPayload)).text));
    expect(texts[0]).toContain(`Timesheet — ${a.name}`);
    expect(texts[0]).toContain(`${a.name} — `);
    expect(texts[1]).toContain(`Timesheet — ${b.name}`);
    expect(texts[1]).not.toContain(`${b.name} — `);
    const drivers = await t.database.pool.query<{ driver_signature_id: string | null }>(
      'SELECT driver_signature_id::text FROM timesheet_signoffs WHERE id = ANY($1::bigint[]) ORDER BY id', [signoffs.map((s) => s.id)]);
    expect(drivers.rows).toEqual([{ driver_signature_id: String(signedAtOffice) }, { driver_signature_id: null }]);

    const c = await t.driverSession('Leeds Depot');
    const sc = await sheetOf(ops.token, c.driverId, WC);
    const body = { ids: [sc.id], soid, wcnumber: WC, cname: 'Sam Office' };
    const both = await Promise.all([post(ops.token, 'signofftimesheets', body), post(admin.token, 'signofftimesheets', body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.pool.query<{ version: number }>('SELECT version FROM timesheet_signoffs WHERE timesheet_id = $1', [sc.id]);
    expect(rows.rows).toEqual([{ version: 1 }]);
    const after = await sheetOf(ops.token, c.driverId, WC);
    expect([after.version, after.lockedAt !== null]).toEqual([1, true]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const open = await sheetOf(ops.token, otherDriver.driverId, WC);
    const soid = await officeSignature(ops.token);
    const foreignSig = await officeSignature(bradford.token);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ids: [open.id], soid, wcnumber: WC_DRIVER, cname: 'Sam' }, 400, /week commencing 2026-11-16, not 2026-11-09/],
      [{ ids: [], soid, wcnumber: WC, cname: 'Sam' }, 400, /at least one/],
      [{ ids: [open.id, open.id], soid, wcnumber: WC, cname: 'Sam' }, 400, /listed twice/],
      [{ ids: [open.id], soid, wcnumber: '2026-11-31', cname: 'Sam' }, 400, /real date/],
      [{ ids: [open.id], soid, wcnumber: WC, cname: ' ' }, 400, /name/],
      [{ ids: [open.id], soid, wcnumber: WC, cname: 'Sam', idss: [0, 0] }, 400, /each of the 1 timesheets/],
      [{ ids: [open.id], soid: foreignSig, wcnumber: WC, cname: 'Sam' }, 400, /Your signature was not uploaded/],
      [{ ids: [open.id], soid, wcnumber: WC, cname: 'Sam', idss: [foreignSig] }, 400, /driver's signature .* not uploaded/],
      [{ ids: [open.id], soid: 999999, wcnumber: WC, cname: 'Sam' }, 400, /not uploaded/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(ops.token, 'signofftimesheets', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(json(res).message).toMatch(message);
    }
    expect(await lockedAt(open.id)).toBeNull();
    expect((await t.database.pool.query('SELECT 1 FROM timesheet_signoffs WHERE timesheet_id = $1', [open.id])).rowCount).toBe(0);
    expect((await get(ops.token, 'timesheetsignoffs?wcnumber=2026-11-17')).statusCode).toBe(400);
    const noFile = multipart([{ name: 'key', value: randomUUID() }]);
    expect((await t.call('POST', 'timesheetsignature', { token: ops.token, body: noFile.body, headers: noFile.headers })).statusCode).toBe(400);
  });
});

describe('the tracksec gate and tenancy', () => {
  it('refuses users without Tracksec, drivers, and reads another site\'s or customer\'s sheets and PDFs as missing', async () => {
    const sheet = await sheetOf(ops.token, driver.driverId, WC);
    const soId = sheet.signoffs[0]!.id;
    const soid = await officeSignature(ops.token);
    for (const token of [noTracksec.token, driver.token]) {
      expect((await get(token, `timesheetsignoffs?wcnumber=${WC}`)).statusCode).toBe(403);
      expect((await get(token, `timesheetpdf?id=${soId}`)).statusCode).toBe(403);
      expect((await post(token, 'signofftimesheets', { ids: [sheet.id], soid, wcnumber: WC, cname: 'X Y' })).statusCode).toBe(403);
      expect((await post(token, 'reopentimesheet', { id: sheet.id })).statusCode).toBe(403);
      const form = multipart([{ name: 'key', value: randomUUID() }, { name: 'image', filename: 's.png', type: 'image/png', data: await signaturePng() }]);
      expect((await t.call('POST', 'timesheetsignature', { token, body: form.body, headers: form.headers })).statusCode).toBe(403);
    }
    for (const other of [bradford, northway]) {
      const pdf = await get(other.token, `timesheetpdf?id=${soId}`);
      expect([pdf.statusCode, json(pdf).message]).toEqual([404, 'No such sign-off.']);
      const mine = await officeSignature(other.token);
      const so = await post(other.token, 'signofftimesheets', { ids: [sheet.id], soid: mine, wcnumber: WC, cname: 'X Y' });
      expect([so.statusCode, json(so).message]).toEqual([404, 'No such timesheet.']);
      const week = json(await get(other.token, `timesheetsignoffs?wcnumber=${WC}`));
      expect(week.signoffs).toEqual([]);
      expect(week.timesheets.some((e: { driver: { id: number } }) => e.driver.id === driver.driverId)).toBe(false);
    }
    expect((await post(northway.token, 'reopentimesheet', { id: sheet.id })).statusCode).toBe(404);
    expect((await get(ops.token, 'timesheetpdf?id=999999')).statusCode).toBe(404);
  });
});

describe('driver mode: drivertimesheet, drivertimesheetsign', () => {
  it('shows the driver their own week, takes their signature for the version read, and prints it at the office\'s sign-off', async () => {
    expect((await get(ops.token, 'drivertimesheet')).statusCode).toBe(403);
    const read = await get(driver.token, `drivertimesheet?wc=${WC_DRIVER}`);
    expect(read.statusCode, read.body).toBe(200);
    const sheet = json(read).timesheet as TimesheetSheet;
    expect(sheet).toMatchObject({ driver: { id: driver.driverId }, wc: WC_DRIVER, version: 1, driverSignedAt: null });
    expect(sheet.week.totals.shifts).toBe(1);
    expect((await get(driver.token, 'drivertimesheet?wc=2026-11-10')).statusCode).toBe(400);
    const current = json(await get(driver.token, 'drivertimesheet')).timesheet as TimesheetSheet;
    expect(current.driver.id).toBe(driver.driverId);

    const upload = await t.call('POST', 'sendtempimage', { token: driver.token, ...formOf(imageForm(unit, randomUUID(), await signaturePng(), { filename: 's.png', type: 'image/png' })) });
    expect(upload.statusCode, upload.body).toBe(200);
    const sig = json(upload).id as number;
    // Another driver of the same site cannot sign it (as missing); a stale version is refused.
    expect((await post(otherDriver.token, 'drivertimesheetsign', { id: sheet.id, version: 1, sig })).statusCode).toBe(404);
    const stale = await post(driver.token, 'drivertimesheetsign', { id: sheet.id, version: 2, sig });
    expect([stale.statusCode, json(stale).message]).toEqual([409, expect.stringMatching(/changed this week/)]);
    expect((await post(driver.token, 'drivertimesheetsign', { id: sheet.id, version: 1, sig: 999999 })).statusCode).toBe(400);
    const signed = await post(driver.token, 'drivertimesheetsign', { id: sheet.id, version: 1, sig });
    expect(signed.statusCode, signed.body).toBe(200);

    const week = json(await get(ops.token, `timesheetsignoffs?wcnumber=${WC_DRIVER}`));
    const entry = week.timesheets.find((e: { id: number | null }) => e.id === sheet.id);
    expect(entry.driverSignedAt).toBe(json(signed).signedAt);

    const soid = await officeSignature(ops.token);
    const so = await post(ops.token, 'signofftimesheets', { ids: [sheet.id], soid, wcnumber: WC_DRIVER, cname: 'Sam Office' });
    expect(so.statusCode, so.body).toBe(200);
    const id = json(so).signoffs[0].id as number;
    const row = (await t.database.pool.query<{ driver_signature_id: string; driver_signed_at: Date }>(
      'SELECT driver_signature_id::text, driver_signed_at FROM timesheet_signoffs WHERE id = $1', [id])).rows[0]!;
    expect(row).toMatchObject({ driver_signature_id: String(sig) });
    expect(row.driver_signed_at.toISOString()).toBe(json(signed).signedAt);
    const text = (await pdfText((await get(ops.token, `timesheetpdf?id=${id}`)).rawPayload)).text;
    expect(text).toContain(`Driver\n`);
    expect(text).toContain(`${driver.name} — `);
    expect(text).toContain('Driver signed');
    const late = await post(driver.token, 'drivertimesheetsign', { id: sheet.id, version: 1, sig });
    expect([late.statusCode, json(late).message]).toEqual([409, expect.stringMatching(/signed off already/)]);
  });

  it('leaves out a driver\'s signature that a later correction made stale', async () => {
    const sheet = json(await get(otherDriver.token, `drivertimesheet?wc=${WC_DRIVER}`)).timesheet as TimesheetSheet;
    const upload = await t.call('POST', 'sendtempimage', { token: otherDriver.token, ...formOf(imageForm(unit, randomUUID(), await signaturePng(), { filename: 's.png', type: 'image/png' })) });
    const sig = json(upload).id as number;
    expect((await post(otherDriver.token, 'drivertimesheetsign', { id: sheet.id, version: 1, sig })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const added = await post(ops.token, 'addtimesheetshift', { id: sheet.id, start: '2026-11-11T08:00:00Z', end: '2026-11-11T12:00:00Z' });
    expect(added.statusCode, added.body).toBe(200);
    const soid = await officeSignature(ops.token);
    const so = await post(ops.token, 'signofftimesheets', { ids: [sheet.id], soid, wcnumber: WC_DRIVER, cname: 'Sam Office' });
    expect(so.statusCode, so.body).toBe(200);
    const row = (await t.database.pool.query('SELECT driver_signature_id FROM timesheet_signoffs WHERE id = $1', [json(so).signoffs[0].id])).rows[0];
    expect(row.driver_signature_id).toBeNull();
  });
});

function formOf(form: { body: Buffer; headers: Record<string, string> }) {
  return { body: form.body, headers: form.headers };
}
