import { CONFIG_LISTS, IMPORT_MAX_BYTES, type SessionUser } from '@fleet/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart } from '../../../test/uploads.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { parseCsv } from './import.ts';

// Bulk work on the configuration lists (issue 15, item 8): import from CSV and XLSX with a preview
// and a per-row report, export of every registered list. The check list templates ('vcls') are the
// list imported here; the export test walks every list the app registers (units, drivers and users
// too, once their modules register them).

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let tenantAdmin: SessionUser;
let superUser: SessionUser;
let leedsId: number;
const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const form = (list: string, data: Buffer | null, extra: Record<string, string> = {}, filename = 'import.csv') => multipart([
  { name: 'list', value: list },
  ...Object.entries(extra).map(([name, value]) => ({ name, value })),
  ...(data ? [{ name: 'file', filename, type: 'text/csv', data }] : []),
]);
async function preview(token: string, list: string, data: Buffer | null, filename?: string) {
  const f = form(list, data, {}, filename);
  return t.call('POST', 'importpreview', { token, body: f.body, headers: f.headers });
}
async function commit(token: string, list: string, data: Buffer, fingerprint: string, filename?: string) {
  const f = form(list, data, { fingerprint }, filename);
  return t.call('POST', 'importcommit', { token, body: f.body, headers: f.headers });
}
const templates = async () => (await t.database.pool.query<{ name: string }>(
  'SELECT name FROM vcl_templates WHERE site_id = $1 AND deleted_at IS NULL ORDER BY id', [leedsId])).rows.map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  tenantAdmin = await t.login('admin@northway.example');
  leedsId = admin.siteid as number;
  await t.database.pool.query("INSERT INTO users (email, name, usertype, password_hash) VALUES ('bulk.super@fleet.test', 'Bulk Super', 0, $1)",
    [await hashPassword('Super!pass123')]);
  const first = await t.login('bulk.super@fleet.test', 'Super!pass123');
  const leeds = (await t.database.pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [leedsId])).rows[0]!;
  superUser = json(await t.call('GET', `pick?companyid=${leeds.customer_id}&cid=${leedsId}`, { token: first.token })).user;
  const add = await t.call('POST', 'updateconfigrecord', {
    token: admin.token, body: { mode: 'add', list: 'vcls', id: 0, rec: { name: 'Existing walk-round', unittype: null, items: [{ item: 'Tyres' }] } },
  });
  expect(add.statusCode, add.body).toBe(200);
});
afterAll(async () => t?.close());

const BAD_FILE = csv([
  'name,unittype,items',
  'Import van check,,Tyres; Lights; Mirrors', // row 2: good
  ',,Tyres', // row 3: no name
  'import VAN check,1,Tyres', // row 4: the same name as row 2 (any case)
  'Existing walk-round,,Tyres', // row 5: already on the list
  'No items,,', // row 6: no items
  'Unknown type,999999,Tyres', // row 7: valid to the schema; the list's add() refuses the type
  'Bad type,heavy,Tyres', // row 8: the type is not a number
  '"Quoted, with comma","1","Tyres;""Lights"""', // row 9: good (quotes, a comma)
  '', // an empty line is skipped
  "'=HYPERLINK(1),,Tyres", // row 11: good; the export's formula guard is taken off
]);

describe('importpreview and importcommit (CSV)', () => {
  let fingerprint = '';
  it('previews each row: the record or each reason it is refused, and adds nothing', async () => {
    const before = await templates();
    const res = await preview(admin.token, 'vcls', BAD_FILE);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.columns).toEqual(['name', 'unittype', 'items']);
    const byRow = new Map((body.rows as Array<{ row: number; rec: Record<string, unknown> | null; errors: string[] }>).map((r) => [r.row, r]));
    expect([...byRow.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(byRow.get(2)).toEqual({ row: 2, rec: { name: 'Import van check', unittype: null, items: [{ item: 'Tyres' }, { item: 'Lights' }, { item: 'Mirrors' }] }, errors: [] });
    expect(byRow.get(3)?.errors.join(' ')).toMatch(/^name: /);
    expect(byRow.get(4)?.errors).toEqual(['name "import VAN check" is also on row 2 of the file.']);
    expect(byRow.get(5)?.errors).toEqual(['name "Existing walk-round" is already on the list.']);
    expect(byRow.get(6)?.errors.join(' ')).toMatch(/^items: /);
    expect(byRow.get(7)?.errors).toEqual([]);
    expect(byRow.get(8)?.errors.join(' ')).toMatch(/^unittype: /);
    expect(byRow.get(9)?.rec).toEqual({ name: 'Quoted, with comma', unittype: 1, items: [{ item: 'Tyres' }, { item: '"Lights"' }] });
    expect(byRow.get(11)?.rec?.name).toBe('=HYPERLINK(1)');
    expect(body).toMatchObject({ valid: 4, refused: 5 });
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    fingerprint = body.fingerprint as string;
    expect(await templates()).toEqual(before);
  });

  it('refuses a commit of another file than the one previewed (409), adding nothing', async () => {
    const before = await templates();
    const other = Buffer.concat([BAD_FILE, Buffer.from('Sneaked in,,Tyres\r\n')]);
    const res = await commit(admin.token, 'vcls', other, fingerprint);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('The file is not the one previewed: preview it again before importing.');
    expect(await templates()).toEqual(before);
  });

  it("adds the valid rows through the list's own add() and reports each row; each added row and the file are audited", async () => {
    const before = await templates();
    const res = await commit(admin.token, 'vcls', BAD_FILE, fingerprint, 'walkrounds.csv');
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ list: 'vcls', added: 3, refused: 6 });
    const byRow = new Map((body.rows as Array<{ row: number; id: number | null; error: string | null }>).map((r) => [r.row, r]));
    expect(byRow.get(2)?.id).toBeGreaterThan(0);
    expect(byRow.get(4)?.error).toBe('name "import VAN check" is also on row 2 of the file.');
    expect(byRow.get(7)).toEqual({ row: 7, id: null, error: 'There is no vehicle type 999999.' });
    expect(byRow.get(9)?.id).toBeGreaterThan(0);
    expect(byRow.get(11)?.id).toBeGreaterThan(0);
    expect(await templates()).toEqual([...before, 'Import van check', 'Quoted, with comma', '=HYPERLINK(1)']);
    // The added record is whole: its items are there.
    const rec = json(await t.call('GET', `configrecord?list=vcls&id=${byRow.get(2)?.id}`, { token: admin.token })).record;
    expect(rec).toMatchObject({ name: 'Import van check', unittype: null, items: [{ item: 'Tyres' }, { item: 'Lights' }, { item: 'Mirrors' }] });
    const audit = (await t.database.pool.query<{ action: string; target_id: string | null; detail: string; after: unknown }>(
      "SELECT action, target_id, detail, after FROM audit_log WHERE action LIKE 'config.vcls.%' AND detail LIKE '%walkrounds.csv%' ORDER BY id")).rows;
    expect(audit.map((a) => a.action)).toEqual(['config.vcls.add', 'config.vcls.add', 'config.vcls.add', 'config.vcls.import']);
    expect(audit[0]).toMatchObject({ target_id: String(byRow.get(2)?.id), detail: 'Imported from walkrounds.csv, row 2' });
    expect(audit[0]?.after).toMatchObject({ name: 'Import van check' });
    expect(audit[3]?.detail).toBe('Imported walkrounds.csv: 3 added, 6 refused.');
  });

  it('refuses a file that is not a file of the list, in words (400, nothing added)', async () => {
    const before = await templates();
    const cases: Array<[Buffer | null, RegExp]> = [
      [null, /^Choose a CSV or XLSX file to import\.$/],
      [csv(['name,colour,items', 'A,red,Tyres']), /columns? the list "vcls" does not have: colour\. Its columns are: name, unittype, items\./],
      [csv(['name,items', 'A,Tyres']), /lacks the column unittype/],
      [csv(['name,unittype,items']), /no rows under its header/],
      [Buffer.from([0x00, 0x01, 0x02, 0x03]), /neither CSV nor XLSX/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), /could not be read as an XLSX workbook/],
      [csv(['name,unittype,items', ...Array.from({ length: 5001 }, (_, i) => `T${i},,Tyres`)]), /5,001 rows; at most 5,000/],
      [csv(['name,unittype,items', '"never closed,,Tyres']), /never closed/],
    ];
    for (const [data, message] of cases) {
      const res = await preview(admin.token, 'vcls', data);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).message).toMatch(message);
    }
    const big = await preview(admin.token, 'vcls', Buffer.alloc(IMPORT_MAX_BYTES + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toMatch(/larger than 5 MB/);
    const noList = await preview(admin.token, 'nonsense', csv(['name', 'x']));
    expect(noList.statusCode).toBe(400);
    const notMultipart = await t.call('POST', 'importpreview', { token: admin.token, body: { list: 'vcls' } });
    expect(notMultipart.statusCode).toBe(415);
    const badPrint = await commit(admin.token, 'vcls', csv(['name,unittype,items', 'A,,Tyres']), 'not-a-fingerprint');
    expect(badPrint.statusCode).toBe(400);
    expect(await templates()).toEqual(before);
  });

  it('refuses operators (403 Not Admin, recorded as a refusal) and keeps imports on the caller\'s current site', async () => {
    const res = await preview(ops.token, 'vcls', csv(['name,unittype,items', 'A,,Tyres']));
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Not Admin');
    const refused = (await t.database.pool.query("SELECT 1 FROM audit_log WHERE kind = 'refusal' AND actor_user_id = $1 AND target_kind LIKE '%importpreview%'", [ops.userid])).rowCount;
    expect(refused).toBeGreaterThan(0);
    // Another customer's administrator imports onto their own site: the Leeds list does not see it, and theirs does not see Leeds'.
    const file = csv(['name,unittype,items', 'Existing walk-round,,Tyres']);
    const p = json(await preview(tenantAdmin.token, 'vcls', file));
    expect(p.rows[0].errors).toEqual([]);
    const c = json(await commit(tenantAdmin.token, 'vcls', file, p.fingerprint as string));
    expect(c.added).toBe(1);
    const theirs = await t.database.pool.query('SELECT site_id FROM vcl_templates WHERE id = $1', [c.rows[0].id]);
    expect(theirs.rows[0].site_id).not.toBe(leedsId);
  });
});

describe('importpreview (XLSX)', () => {
  it('reads the first sheet of a workbook: numbers, empty cells, lists', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Templates');
    ws.addRow(['name', 'unittype', 'items']);
    ws.addRow(['Sheet trailer check', 1, 'Coupling; Lights']);
    ws.addRow(['Sheet empty type', null, 'Tyres']);
    ws.addRow(['', 'x', '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await preview(admin.token, 'vcls', data, 'sheet.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.rows[0]).toEqual({ row: 2, rec: { name: 'Sheet trailer check', unittype: 1, items: [{ item: 'Coupling' }, { item: 'Lights' }] }, errors: [] });
    expect(body.rows[1].rec).toEqual({ name: 'Sheet empty type', unittype: null, items: [{ item: 'Tyres' }] });
    expect(body.rows[2].errors.length).toBeGreaterThanOrEqual(2);
    const c = json(await commit(admin.token, 'vcls', data, body.fingerprint as string, 'sheet.xlsx'));
    expect(c).toMatchObject({ added: 2, refused: 1 });
    expect(await templates()).toEqual(expect.arrayContaining(['Sheet trailer check', 'Sheet empty type']));
  });
});

describe('exportlist, for every registered list', () => {
  it('exports each list the app registers as CSV and XLSX: the columns it declares, every record after search and sort', async () => {
    let registered = 0;
    for (const name of CONFIG_LISTS) {
      const page = await t.call('GET', `configlist?list=${name}&limit=200`, { token: admin.token });
      if (page.statusCode === 404) continue; // not registered in this build
      if (page.statusCode === 403) continue; // a super administrators' list
      expect(page.statusCode, `${name}: ${page.body}`).toBe(200);
      registered += 1;
      const { list, total } = json(page);
      const labels = (list.columns as Array<{ label: string }>).map((c) => c.label);
      const res = await t.call('GET', `exportlist?list=${name}&format=csv`, { token: admin.token });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const grid = parseCsv(res.body);
      expect(grid[0], name).toEqual(labels);
      expect(grid.length - 1, name).toBe(total);
      const x = await t.call('GET', `exportlist?list=${name}&format=xlsx`, { token: admin.token });
      expect(x.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect((ws.getRow(1).values as unknown[]).slice(1), name).toEqual(labels);
      expect(ws.rowCount - 1, name).toBe(total);
      // A list the caller may not change is still exported to those who may read it; an operator reads only lists open to operators.
      const asOps = await t.call('GET', `exportlist?list=${name}&format=csv`, { token: ops.token });
      const opsPage = await t.call('GET', `configlist?list=${name}`, { token: ops.token });
      expect(asOps.statusCode, name).toBe(opsPage.statusCode);
      // Every registered list's record schema can be read as import columns (a wrong file is refused naming them).
      const imp = await preview(admin.token, name, csv(['no_such_column', 'x']));
      expect([400, 403], `${name}: ${imp.body}`).toContain(imp.statusCode);
      if (imp.statusCode === 400) {
        expect(json(imp).message).toMatch(/Its columns are: \w/);
        // The template's header is those columns.
        const tpl = await t.call('GET', `importtemplate?list=${name}`, { token: admin.token });
        expect(tpl.statusCode).toBe(200);
        expect(json(imp).message).toContain(`Its columns are: ${tpl.body.replace(/^\uFEFF/, '').trim().split(',').join(', ')}.`);
      }
    }
    expect(registered).toBeGreaterThanOrEqual(2);
  });

  it('narrows the export with q and sort like the list, keeps the CSV formula guard, and holds only the current site', async () => {
    const res = await t.call('GET', 'exportlist?list=vcls&format=csv&q=hyperlink', { token: admin.token });
    const grid = parseCsv(res.body);
    expect(grid).toHaveLength(2);
    expect(res.body).toContain("'=HYPERLINK(1)");
    const sorted = parseCsv((await t.call('GET', 'exportlist?list=vcls&format=csv&sort=name&dir=desc', { token: admin.token })).body).slice(1).map((r) => r[0]);
    expect(sorted).toEqual([...sorted].sort((a, b) => (b ?? '').localeCompare(a ?? '', 'en', { sensitivity: 'base', numeric: true })));
    const theirs = (await t.call('GET', 'exportlist?list=vcls&format=csv', { token: tenantAdmin.token })).body;
    expect(theirs).not.toContain('Import van check');
    expect((await t.call('GET', 'exportlist?list=vcls&format=pdf', { token: admin.token })).statusCode).toBe(400);
    expect((await t.call('GET', 'exportlist?list=vcls&format=csv&sort=password', { token: admin.token })).statusCode).toBe(400);
    expect((await t.call('GET', 'exportlist?list=vcls&format=csv', { token: ops.token })).statusCode).toBe(403);
    expect((await t.call('GET', 'exportlist?list=vcls&format=csv')).statusCode).toBe(401);
    expect((await t.call('GET', 'exportlist?list=vcls&format=csv', { token: superUser.token })).statusCode).toBe(200);
    const tpl = await t.call('GET', 'importtemplate?list=vcls', { token: admin.token });
    expect(tpl.body).toBe('\uFEFFname,unittype,items\r\n');
    expect(tpl.headers['content-disposition']).toBe('attachment; filename="vcls-import.csv"');
    expect((await t.call('GET', 'importtemplate?list=vcls', { token: ops.token })).statusCode).toBe(403);
  });
});

describe('import preview of a units-like list (until the units list is registered here)', () => {
  it("refuses device ids already registered to a live unit, and applies the list's own check and unique keys", async () => {
    const { deviceRegisteredIn, previewRows } = await import('./import.ts');
    const { defineConfigList } = await import('./registry.ts');
    const { z } = await import('zod');
    const taken = (await t.database.pool.query<{ device_id: string }>('SELECT device_id FROM units WHERE removed_at IS NULL LIMIT 1')).rows[0]!.device_id;
    const units = defineConfigList({
      name: 'units', title: 'Units', noun: 'unit', who: 'admin',
      rec: z.strictObject({ deviceid: z.string().min(1), registration: z.string().min(1), unittype: z.number().int() }),
      columns: [{ key: 'registration', label: 'Registration' }],
      list: async () => [{ id: 1, registration: 'EXIST 1', deviceid: 'existing-device' }],
      get: async () => null, add: async () => 1, edit: async () => false, remove: async () => null,
      check: async (_ctx, rec) => (rec.unittype === 99 ? 'There is no unit type 99.' : null),
    });
    const ctx = { caller: {} as never, siteId: leedsId, address: '127.0.0.1' };
    const table = {
      headers: ['deviceid', 'registration', 'unittype'],
      rows: [
        { row: 2, cells: ['new-device-1', 'NEW 1', '1'] },
        { row: 3, cells: [taken, 'NEW 2', '1'] },
        { row: 4, cells: ['new-device-1', 'NEW 3', '1'] },
        { row: 5, cells: ['new-device-5', 'exist 1', '1'] },
        { row: 6, cells: ['new-device-6', 'NEW 6', '99'] },
      ],
    };
    const { rows } = await previewRows(units, ctx, table, { deviceRegistered: deviceRegisteredIn(t.database.pool) });
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      [`The device ${taken} is already registered to a unit.`],
      ['deviceid "new-device-1" is also on row 2 of the file.'],
      ['registration "exist 1" is already on the list.'],
      ['There is no unit type 99.'],
    ]);
  });
});
