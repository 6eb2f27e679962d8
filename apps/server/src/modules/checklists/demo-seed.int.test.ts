import { DEMO_CHECKLISTS, DEMO_VCL_TEMPLATES } from '@fleet/demo';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { folderImageStore, uploadsRepository, uploadsService } from '../uploads/index.ts';
import { seedDemoChecklists } from './index.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'));
  t = await createTestApp({ images: folderImageStore(dir) });
});
afterAll(async () => t?.close());

const count = async (table: string) => Number((await t.database.pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

describe('demo check lists', () => {
  it('seeds templates and past check lists with photos once, however often it runs (concurrently too)', async () => {
    const uploads = uploadsService(uploadsRepository(t.database.pool), folderImageStore(dir));
    const [first, second] = await Promise.all([seedDemoChecklists(t.database.pool, uploads), seedDemoChecklists(t.database.pool, uploads)]);
    expect(first.templates + second.templates).toBe(3 * DEMO_VCL_TEMPLATES.length);
    expect(await count('vcl_templates')).toBe(3 * DEMO_VCL_TEMPLATES.length);
    expect(await count('checklists')).toBe(3 * DEMO_CHECKLISTS.length);
    const snapshot = [await count('uploads'), await count('checklist_faults'), readdirSync(dir, { recursive: true }).length];
    expect(await seedDemoChecklists(t.database.pool, uploads)).toEqual({ templates: 0, checklists: 0 });
    expect([await count('uploads'), await count('checklist_faults'), readdirSync(dir, { recursive: true }).length]).toEqual(snapshot);

    // The office sees them: the Vehicle Check Lists alert, a check list with its photo.
    const ops = await t.login('ops.leeds@aire-valley.example');
    const alerts = (await t.call('GET', 'vclalerts', { token: ops.token })).json().checklists as Array<{ id: number; ic: number }>;
    expect(alerts.length).toBe(DEMO_CHECKLISTS.filter((c) => c.faults.length > 0).length);
    const view = (await t.call('GET', `vclview?id=${alerts[0]!.id}`, { token: ops.token })).json().checklist;
    const photo = view.items.find((i: { image: number | null }) => i.image !== null);
    const img = await t.call('GET', `image?id=${photo.image}`, { token: ops.token });
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    const vcls = (await t.call('GET', 'vcls', { token: ops.token })).json().vcls as Array<{ typename: string; items: number }>;
    expect(vcls.map((v) => v.typename).sort()).toEqual(['Car', 'HGV', 'Trailer', 'Van']);
    for (const v of vcls) expect(v.items).toBeGreaterThanOrEqual(12);
  });
});
