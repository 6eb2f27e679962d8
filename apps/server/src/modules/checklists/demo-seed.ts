import { DEMO_CHECKLISTS, DEMO_VCL_TEMPLATES, SITE_FLEETS } from '@fleet/demo';
import type { SignoffChecklistBody } from '@fleet/shared';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import sharp from 'sharp';
import { checklistsRepository } from './checklists.repository.ts';

/** A stable uuid (v4 layout) from a name: the demo's idempotency keys, so a second run stores nothing twice. */
function demoKey(name: string): string {
  const h = createHash('sha256').update(`fleet-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const DRAWINGS: Record<string, string> = {
  tyre: `<rect width="1600" height="1200" fill="#6b6f73"/><rect y="820" width="1600" height="380" fill="#4a4d50"/>
    <circle cx="800" cy="600" r="470" fill="#1d1f21"/><circle cx="800" cy="600" r="300" fill="#2b2e31"/>
    <circle cx="800" cy="600" r="260" fill="#9ea3a8"/><circle cx="800" cy="600" r="70" fill="#5d6166"/>
    ${[0, 72, 144, 216, 288].map((a) => `<circle cx="${800 + 150 * Math.cos((a * Math.PI) / 180)}" cy="${600 + 150 * Math.sin((a * Math.PI) / 180)}" r="26" fill="#3d4044"/>`).join('')}
    <path d="M1130 380 l60 40 l-30 30 l70 50 l-40 20 l60 50" stroke="#d9d9d9" stroke-width="14" fill="none"/>`,
  lamp: `<rect width="1600" height="1200" fill="#e7e9eb"/><rect x="350" y="250" width="900" height="700" rx="60" fill="#8c1c13"/>
    <rect x="420" y="320" width="760" height="260" rx="30" fill="#c0392b"/><rect x="420" y="620" width="360" height="260" rx="30" fill="#f39c12"/>
    <rect x="820" y="620" width="360" height="260" rx="30" fill="#f4f4f4"/>
    <path d="M600 300 l80 120 l-60 60 l140 110 l-40 90 l120 160" stroke="#202020" stroke-width="10" fill="none"/>`,
  windscreen: `<rect width="1600" height="1200" fill="#9fb8c9"/><path d="M100 1100 L300 150 L1300 150 L1500 1100 Z" fill="#5f7f96"/>
    <circle cx="640" cy="520" r="24" fill="#e8eef2"/>
    ${[0, 50, 110, 170, 230, 300].map((a) => `<line x1="640" y1="520" x2="${640 + 110 * Math.cos((a * Math.PI) / 180)}" y2="${520 + 110 * Math.sin((a * Math.PI) / 180)}" stroke="#e8eef2" stroke-width="5"/>`).join('')}`,
  mirror: `<rect width="1600" height="1200" fill="#b9bec3"/><rect x="380" y="300" width="840" height="560" rx="120" fill="#222"/>
    <rect x="430" y="350" width="740" height="460" rx="90" fill="#8fa9bd" transform="rotate(-6 800 580)"/>
    <path d="M520 380 L1060 800" stroke="#f0f0f0" stroke-width="8"/>`,
};

/** A believable photo as a phone sends it (1600 x 1200 JPEG) with the day's light. */
async function photoOf(kind: string, seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">${DRAWINGS[kind] ?? DRAWINGS.tyre}
    <rect width="1600" height="1200" fill="#fff6d8" opacity="${0.04 + (seed % 5) * 0.02}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A signature drawn on the screen (PNG, transparent). */
async function signatureOf(name: string): Promise<Buffer> {
  const n = [...name].reduce((a, c) => a + c.charCodeAt(0), 0);
  const d = `M40 ${120 + (n % 20)} C 90 20, 140 200, 190 110 S 290 40, 330 130 S 430 190, 470 90 S 560 60, 620 140`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="680" height="240"><path d="${d}" stroke="#10204a" stroke-width="6" fill="none" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoUploads {
  save(u: { siteId: number; unitId: number | null; userId: number | null; clientKey: string; bytes: Buffer }): Promise<{ id: number; duplicate: boolean }>;
}

/**
 * The demo's check list templates and a few past check lists with faults, photos and signatures
 * for every demo site. Idempotent: templates are added by name when missing, uploads and check
 * lists carry stable keys (exactly once per key), so a second start writes nothing.
 */
export async function seedDemoChecklists(pool: pg.Pool, uploads: DemoUploads): Promise<{ templates: number; checklists: number }> {
  const repo = checklistsRepository(pool);
  let templates = 0;
  let checklists = 0;
  for (const site of await repo.demo.sites(Object.keys(SITE_FLEETS))) {
    await repo.demo.locked(site.id, async () => {
      const templateOf = new Map<number, number>();
      for (const t of DEMO_VCL_TEMPLATES) {
        let id = await repo.demo.templateByName(site.id, t.name);
        if (id === null) {
          id = await repo.insertTemplate({ siteId: site.id, name: t.name, unitTypeId: t.unitType, items: t.items.map((name) => ({ name })), userId: null });
          templates += 1;
        }
        templateOf.set(t.unitType, id);
      }
      const drivers = await repo.demo.drivers(site.id);
      for (const [i, c] of DEMO_CHECKLISTS.entries()) {
        const unitId = (await repo.demo.unitsOfType(site.id, c.unitType))[c.nth];
        const template = DEMO_VCL_TEMPLATES.find((t) => t.unitType === c.unitType);
        if (unitId === undefined || !template) continue;
        const driver = drivers[i % Math.max(1, drivers.length)];
        const keyOf = (what: string) => demoKey(`${site.name}:${i}:${what}`);
        const images = new Map<string, number>();
        for (const f of c.faults) {
          if (f.photo) images.set(f.item, (await uploads.save({ siteId: site.id, unitId, userId: null, clientKey: keyOf(`photo:${f.item}`), bytes: await photoOf(f.photo, i) })).id);
        }
        const sig = (await uploads.save({ siteId: site.id, unitId, userId: null, clientKey: keyOf('signature'), bytes: await signatureOf(driver?.name ?? 'Driver') })).id;
        const reported = new Date(Date.now() - c.daysAgo * 86_400_000 - (2 + i) * 3_600_000);
        reported.setUTCHours(6 + (i % 3), 10 + i * 7, 0, 0);
        const items = template.items.map((item) => {
          const fault = c.faults.find((f) => f.item === item);
          return { item, faulty: Boolean(fault), image: images.get(item) ?? null, note: fault?.note ?? '' };
        });
        const body: SignoffChecklistBody = {
          key: keyOf('checklist'), uid: unitId, mileage: c.mileage, vcl: templateOf.get(c.unitType) ?? 0, ic: c.faults.length,
          operator: site.name, issues: '', sig,
          details: { reportdate: reported.toISOString(), itemnames: [...template.items], mileage: c.mileage, complete: true, items },
        };
        const saved = await repo.insertChecklist({
          siteId: site.id, unitId, templateId: templateOf.get(c.unitType) ?? null, userId: null, driverId: driver?.id ?? null, cabDeviceId: null, body,
        });
        if (!saved.duplicate) checklists += 1;
      }
    });
  }
  return { templates, checklists };
}
