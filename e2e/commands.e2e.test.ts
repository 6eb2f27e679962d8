import { encodeCodec12Response, encodeImeiLogin, TeltonikaFramer } from '@fleet/protocols';
import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, expectAccessible, openSignedIn } from './support.ts';

// The commands panel in the fleet page's vehicle details: an administrator sends getver to a
// device connected for the test, sees the answer and the history line, then the refusal once the
// device has gone. The device only logs in (no records): the unit's state stays as it was.
interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }

let browser: Browser;
let page: Page;
beforeAll(async () => {
  ({ browser, page } = await openSignedIn({ email: inject('adminEmail'), context: { viewport: { width: 1280, height: 800 } } }));
});
afterAll(async () => { await browser?.close(); });

/** A Teltonika device that logs in and answers every Codec 12 command with `reply(command)`. */
async function answeringDevice(imei: string, reply: (cmd: string) => string): Promise<net.Socket> {
  const sock = net.connect(inject('teltonikaPort'), '127.0.0.1');
  await new Promise((r) => sock.once('connect', r));
  const framer = new TeltonikaFramer({ expectImei: false });
  const accepted = new Promise<boolean>((resolve) => {
    let first = true;
    sock.on('data', (chunk: Buffer) => {
      if (first) {
        first = false;
        resolve(chunk[0] === 1);
        chunk = chunk.subarray(1);
      }
      for (const frame of framer.push(chunk)) {
        if (frame.kind === 'codec12') sock.write(encodeCodec12Response(reply(frame.message.text)));
      }
    });
  });
  sock.write(encodeImeiLogin(imei));
  expect(await accepted).toBe(true);
  return sock;
}

describe('device commands in the vehicle details', () => {
  it('sends getver and shows the answer and the history line; says offline once the device has gone', async () => {
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number; siteid: number });
    const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${user.customerid}`);
    // A van of the admin's site that the other browser tests leave alone (they take the first or last).
    const unit = units.filter((u) => u.siteid === user.siteid && u.unittype === 1).at(-2) as Unit;
    const device = await answeringDevice(unit.deviceid, (cmd) => `Code Ver:03.29.00 answer to ${cmd}`);

    await page.goto('/tabs/tabs/fleet');
    await page.getByLabel('Search vehicles').fill(unit.registration);
    await page.getByRole('button', { name: `Details of ${unit.registration}` }).click();
    const panel = page.getByTestId('vehicle-commands');
    await panel.getByTestId('commands-toggle').click();
    await panel.getByTestId('command-device-state').getByText('Device online').waitFor({ timeout: 40_000 });
    await panel.getByLabel('Known commands').click();
    await page.getByRole('option', { name: 'getver' }).click();
    expect(await panel.getByTestId('command-text').inputValue()).toBe('getver');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByTestId('command-answer').getByText('Code Ver:03.29.00 answer to getver').waitFor({ timeout: 20_000 });
    const newest = panel.getByTestId('command-log-entry').first();
    await expect.poll(() => newest.textContent()).toMatch(/^getver.*Answered.*Code Ver:03\.29\.00 answer to getver$/);
    await expectAccessible(page, 'fleet, vehicle details, commands');

    device.destroy();
    await expect.poll(async () => (await apiGet<{ unit: { online: boolean } }>(page, `lastunitinfo?uid=${unit.unitid}`)).unit.online).toBe(false);
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByTestId('command-refusal').getByText('The device is offline: it has no open connection to the server.').waitFor();
    await expect.poll(() => newest.textContent()).toMatch(/^getver.*Offline.*The device is offline/);
  });
});
