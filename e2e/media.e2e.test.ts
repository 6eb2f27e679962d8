import { build } from 'esbuild';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './support.ts';

// The shared media modules in a real browser (jsdom has no canvas): resizeImage and <SignaturePad>.
// Each is bundled as it is and run in a page of the built app (same origin, same Chromium).
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../apps/web/src/shared/media/resize-image.ts')],
    bundle: true, write: false, format: 'iife', globalName: 'fleetMedia', target: 'es2022',
  });
  browser = await launchBrowser();
  page = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto('/login');
  await page.evaluate(`${bundled.outputFiles[0]?.text ?? ''}; window.fleetMedia = fleetMedia;`);
});
afterAll(async () => {
  await browser?.close();
});

interface Result { width: number; height: number; type: string; bytes: number; topLeft: number[] }

/** Makes a JPEG of width x height in the page (left half red, right half blue), optionally with an EXIF orientation, and resizes it. */
function resizeInPage(width: number, height: number, orientation: number | null, maxSide?: number): Promise<Result> {
  return page.evaluate(async ({ width, height, orientation, maxSide }) => {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, width / 2, height);
    ctx.fillStyle = '#0000ff';
    ctx.fillRect(width / 2, 0, width / 2, height);
    let jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    if (orientation !== null) {
      // An APP1 Exif segment with one IFD entry, Orientation (0x0112), right after the SOI marker.
      const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
      const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
      const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
      jpeg = new Uint8Array([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
    }
    const media = (window as unknown as { fleetMedia: { resizeImage(b: Blob, m?: number): Promise<Blob> } }).fleetMedia;
    const out = await media.resizeImage(new Blob([jpeg], { type: 'image/jpeg' }), maxSide);
    const bitmap = await createImageBitmap(out, { imageOrientation: 'none' });
    const probe = new OffscreenCanvas(bitmap.width, bitmap.height);
    const pctx = probe.getContext('2d') as OffscreenCanvasRenderingContext2D;
    pctx.drawImage(bitmap, 0, 0);
    const px = pctx.getImageData(4, 4, 1, 1).data;
    return { width: bitmap.width, height: bitmap.height, type: out.type, bytes: out.size, topLeft: [px[0] ?? 0, px[1] ?? 0, px[2] ?? 0] };
  }, { width, height, orientation, maxSide });
}

describe('resizeImage', () => {
  it('brings a 4000 x 3000 photo to 1600 x 1200 JPEG', async () => {
    const out = await resizeInPage(4000, 3000, null);
    expect(out).toMatchObject({ width: 1600, height: 1200, type: 'image/jpeg' });
    expect(out.bytes).toBeGreaterThan(1000);
    // The picture is kept (left is red), not a blank canvas.
    expect(out.topLeft[0]).toBeGreaterThan(200);
    expect(out.topLeft[2]).toBeLessThan(60);
  });

  it('never makes a small photo larger, and honours another long side', async () => {
    expect(await resizeInPage(800, 600, null)).toMatchObject({ width: 800, height: 600, type: 'image/jpeg' });
    expect(await resizeInPage(3000, 4000, null, 1000)).toMatchObject({ width: 750, height: 1000 });
  });

  it('turns the photo upright by its EXIF orientation', async () => {
    // Orientation 6: stored landscape, shown rotated 90° clockwise: the result is portrait, and the
    // stored left (red) half is now at the top, so the top-left corner is red.
    const turned = await resizeInPage(2000, 1000, 6);
    expect(turned).toMatchObject({ width: 800, height: 1600, type: 'image/jpeg' });
    expect(turned.topLeft[0]).toBeGreaterThan(200);
    // Orientation 8 (90° anticlockwise): the stored right (blue) half comes to the top.
    const back = await resizeInPage(2000, 1000, 8);
    expect(back).toMatchObject({ width: 800, height: 1600 });
    expect(back.topLeft[2]).toBeGreaterThan(200);
  });
});

// <SignaturePad> mounted alone (Mantine's styles, the app's strings) in place of the app's page.
const HARNESS = `
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import en from './apps/web/src/i18n/en.json';
import { SignaturePad } from './apps/web/src/shared/media/signature-pad.tsx';
void i18n.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: 'en', initAsync: false, interpolation: { escapeValue: false } });
window.signatures = [];
document.body.innerHTML = '<main style="padding:16px"><h1 style="font:600 20px sans-serif">Sign off</h1><div id="pad"></div></main>';
createRoot(document.getElementById('pad')).render(
  <MantineProvider forceColorScheme="light">
    <SignaturePad label="Driver's signature" onChange={(png) => window.signatures.push(png ? { type: png.type, size: png.size } : null)} />
  </MantineProvider>,
);
`;

describe('SignaturePad', () => {
  it('draws with a finger-thick line, gives a PNG, keeps the drawing on resize, clears, and says whether it is signed', async () => {
    const out = await build({
      stdin: { contents: HARNESS, loader: 'tsx', resolveDir: path.resolve(import.meta.dirname, '..'), sourcefile: 'harness.tsx' },
      bundle: true, write: false, format: 'iife', target: 'es2022', jsx: 'automatic', outdir: 'out',
      define: { 'process.env.NODE_ENV': '"production"' }, loader: { '.css': 'css' },
    });
    const js = out.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
    const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
    const pad = await newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await pad.goto('/login');
    await pad.addStyleTag({ content: css });
    await pad.evaluate(js);
    const canvas = pad.getByRole('img', { name: "Driver's signature: not signed yet" });
    await canvas.waitFor();
    const clear = pad.getByRole('button', { name: 'Clear' });
    expect(await clear.isDisabled()).toBe(true);
    expect(await pad.getByRole('group', { name: "Driver's signature" }).count()).toBe(1);
    let box = await canvas.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(200);
    expect(box?.width).toBeGreaterThan(340);
    await expectAccessible(pad, 'the signature pad, empty (phone)');

    const ink = () => pad.evaluate(() => {
      const c = document.querySelector('canvas') as HTMLCanvasElement;
      const data = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 100 && (data[i + 3] ?? 0) > 200) dark++;
      return { dark, width: c.width };
    });
    expect((await ink()).dark).toBe(0);
    // A signature: a zigzag across the box.
    if (!box) throw new Error('no canvas box');
    await pad.mouse.move(box.x + 30, box.y + 150);
    await pad.mouse.down();
    for (let i = 1; i <= 12; i++) await pad.mouse.move(box.x + 30 + i * 25, box.y + (i % 2 ? 60 : 160), { steps: 4 });
    await pad.mouse.up();
    await pad.getByRole('img', { name: "Driver's signature: Signed" }).waitFor();
    await pad.getByText('Signed', { exact: true }).waitFor();
    await pad.waitForFunction(() => (window as unknown as { signatures: unknown[] }).signatures.length > 0);
    const sent = await pad.evaluate(() => (window as unknown as { signatures: Array<{ type: string; size: number } | null> }).signatures);
    expect(sent.at(-1)?.type).toBe('image/png');
    expect(sent.at(-1)?.size).toBeGreaterThan(1000);
    const drawn = await ink();
    // Thick enough for gloves: many dark pixels, not a hairline.
    expect(drawn.dark).toBeGreaterThan(3000);
    if (process.env.FLEET_SCREENSHOTS) await pad.screenshot({ path: 'docs/screenshots/signature-pad-phone.png' });
    expect(await clear.isDisabled()).toBe(false);
    expect((await clear.boundingBox())?.height).toBeGreaterThanOrEqual(48);

    // Turned to a tablet: the box fills the new width and the signature is still there.
    await pad.setViewportSize({ width: 1024, height: 768 });
    await pad.waitForFunction((w) => (document.querySelector('canvas') as HTMLCanvasElement).width !== w, drawn.width);
    box = await pad.locator('canvas').boundingBox();
    expect(box?.width).toBeGreaterThan(900);
    expect((await ink()).dark).toBeGreaterThan(1000);
    await expectAccessible(pad, 'the signature pad, signed (tablet)');
    if (process.env.FLEET_SCREENSHOTS) await pad.screenshot({ path: 'docs/screenshots/signature-pad-tablet.png' });

    await clear.click();
    await pad.getByRole('img', { name: "Driver's signature: not signed yet" }).waitFor();
    expect((await ink()).dark).toBe(0);
    expect(await pad.evaluate(() => (window as unknown as { signatures: unknown[] }).signatures.at(-1))).toBeNull();
    await pad.context().close();
  });
});
