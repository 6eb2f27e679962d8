import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllStrings } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { createOutbox } from '../../../shared/offline/outbox.ts';
import { newDraft, passUnanswered, setFault } from './driver-checklist.ts';
import { CHECKLIST_KIND, type ChecklistOutboxPayload, checklistHandler, failTextOf, resumeWaitingChecklists } from './driver-outbox.ts';
import { jobOf, type SendCalls } from './driver-send.ts';

beforeAll(() => loadAllStrings());

function payload(userId = 5): ChecklistOutboxPayload {
  let d = newDraft({ uid: 9, registration: 'LS70 ABC', vcl: 1, name: 'Van', items: [{ item: 'Tyres' }, { item: 'Horn' }], lastmileage: null }, 'Jo', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', new Date());
  d = passUnanswered(setFault(d, 0, { note: 'worn', photoKey: 'p1' }));
  const job = jobOf(d, 'sig', new Date());
  if (!job) throw new Error('job expected');
  return { job, userId, driverName: 'Jo Driver' };
}

const blobs = { p1: new Blob(['p']), sig: new Blob(['s']) };

function calls(mode: { image?: 'network' | 'refuse'; sig?: 'network' | 'refuse' } = {}) {
  const log: string[] = [];
  let id = 0;
  const c: SendCalls = {
    sendImage: async ({ key }) => {
      log.push(key);
      const m = key === 'sig' ? mode.sig : mode.image;
      if (m === 'network') return null;
      if (m === 'refuse') throw new ApiError('The server answered with HTTP 500.', 'http', 500, 'sendtempimage');
      return { id: ++id };
    },
    signOff: async () => {
      log.push('signoff');
      return { id: 77, duplicate: false };
    },
  };
  return { c, log };
}

let dbCount = 0;
const freshOutbox = () => createOutbox({ dbName: `vcl-test-${++dbCount}` });

describe('the check list outbox handler', () => {
  it('sends a queued check list once and removes it; a second drain sends nothing', async () => {
    const box = freshOutbox();
    const { c, log } = calls();
    await box.add({ id: 'one', kind: CHECKLIST_KIND, label: 'Check list for LS70 ABC', payload: payload(), blobs });
    box.start({ [CHECKLIST_KIND]: checklistHandler(c, () => 5) });
    await box.drain(true);
    expect(log).toEqual(['p1', 'sig', 'signoff']);
    expect(await box.list()).toEqual([]);
    await box.drain(true);
    expect(log).toHaveLength(3);
    await box.close();
  });

  it('keeps the item with the no-signal words on a network error, and the retry reuses the uploaded photo', async () => {
    const box = freshOutbox();
    const first = calls({ sig: 'network' });
    await box.add({ id: 'two', kind: CHECKLIST_KIND, label: 'x', payload: payload(), blobs });
    box.start({ [CHECKLIST_KIND]: checklistHandler(first.c, () => 5) });
    await box.drain(true);
    const [kept] = await box.list();
    expect(kept?.lastError).toBe('No signal: saved on this phone, it will be sent when the signal returns.');
    expect(kept?.progress).toEqual({ images: { p1: 1 }, sig: undefined });
    const second = calls();
    box.start({ [CHECKLIST_KIND]: checklistHandler(second.c, () => 5) });
    await box.drain(true);
    expect(second.log).toEqual(['sig', 'signoff']);
    expect(await box.list()).toEqual([]);
    await box.close();
  });

  it('a refused signature marks the item failed with "Unknown error" and never saves the check list', async () => {
    const box = freshOutbox();
    const { c, log } = calls({ sig: 'refuse' });
    await box.add({ id: 'three', kind: CHECKLIST_KIND, label: 'x', payload: payload(), blobs });
    box.start({ [CHECKLIST_KIND]: checklistHandler(c, () => 5) });
    await box.drain(true);
    expect(log).toEqual(['p1', 'sig']);
    const [kept] = await box.list();
    expect(kept?.failed).toBe(true);
    expect(kept?.lastError).toBe('Unknown error (Uploading signature): The server answered with HTTP 500.');
    await box.close();
  });

  it("sets another driver's check list aside and puts it back in line when they sign in again", async () => {
    const box = freshOutbox();
    const { c, log } = calls();
    let signedIn = 6;
    await box.add({ id: 'four', kind: CHECKLIST_KIND, label: 'x', payload: payload(5), blobs });
    box.start({ [CHECKLIST_KIND]: checklistHandler(c, () => signedIn) });
    await box.drain(true);
    expect(log).toEqual([]);
    const [aside] = await box.list();
    expect(aside?.failed).toBe(true);
    expect(aside?.lastError).toBe('Waiting for Jo Driver to sign in on this device: it is sent in their name.');

    await resumeWaitingChecklists(box, 6);
    expect((await box.list())[0]?.failed).toBe(true);
    signedIn = 5;
    await resumeWaitingChecklists(box, 5);
    await box.drain(true);
    expect(log).toEqual(['p1', 'sig', 'signoff']);
    expect(await box.list()).toEqual([]);
    await box.close();
  });

  it('words each failed step', () => {
    expect(failTextOf({ kind: 'image', item: 'Tyres' }, new Error('x'))).toBe('Unknown error (Uploading Tyres)');
    expect(failTextOf({ kind: 'save' }, new ApiError('The check list is not valid.', 'server', 400, 'signoffchecklistv5'))).toBe(
      'Unknown error (Saving check list): The check list is not valid.',
    );
  });
});
