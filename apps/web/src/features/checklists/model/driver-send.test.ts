import { describe, expect, it } from 'vitest';
import { answerItem, newDraft, passUnanswered, setFault, setMileage } from './driver-checklist.ts';
import { type ChecklistJob, jobOf, type SendCalls, sendChecklist, type SendProgress, type SendStep, type SignOffBody } from './driver-send.ts';

function job(): ChecklistJob {
  let d = newDraft(
    { uid: 7, registration: 'YX21 ABC', vcl: 3, name: 'Van', items: [{ item: 'Tyres' }, { item: 'Lights' }, { item: 'Horn' }, { item: 'Wipers' }], lastmileage: null },
    'Sam',
    'list-key',
    new Date('2026-11-24T06:00:00Z'),
  );
  d = setFault(d, 0, { note: 'worn', photoKey: 'photo-a' });
  d = setFault(d, 1, { note: '', photoKey: null });
  d = setFault(d, 3, { note: 'split', photoKey: 'photo-b' });
  d = setMileage(passUnanswered(d), '41,000');
  const j = jobOf(d, 'sig-key', new Date('2026-11-24T06:05:00Z'));
  if (!j) throw new Error('job expected');
  return j;
}

const BLOBS: Record<string, Blob> = {
  'photo-a': new Blob(['a']),
  'photo-b': new Blob(['b']),
  'sig-key': new Blob(['s']),
};

/** Calls that record what was asked; `script` decides each answer by upload key (or 'signoff'). */
function recorder(script: (key: string) => 'ok' | 'network' | 'refuse' = () => 'ok') {
  const log: string[] = [];
  const bodies: SignOffBody[] = [];
  let nextId = 100;
  const calls: SendCalls = {
    sendImage: async ({ key, uid }) => {
      log.push(`image:${key}:${uid}`);
      const what = script(key);
      if (what === 'network') return null;
      if (what === 'refuse') throw new Error(`refused ${key}`);
      nextId += 1;
      return { id: nextId };
    },
    signOff: async (body) => {
      log.push('signoff');
      bodies.push(body);
      const what = script('signoff');
      if (what === 'network') return null;
      if (what === 'refuse') throw new Error('refused signoff');
      return { id: 1, duplicate: false };
    },
  };
  return { calls, log, bodies };
}

function run(calls: SendCalls, start: SendProgress = {}) {
  const saved: SendProgress[] = [];
  const steps: SendStep[] = [];
  const outcome = sendChecklist(job(), BLOBS, start, async (p) => void saved.push(p), calls, {
    onStep: (s) => steps.push(s),
    failText: (step, error) => `${step.kind}: ${(error as Error).message}`,
  });
  return { outcome, saved, steps };
}

describe('sending a signed-off check list', () => {
  it('uploads each fault photo in list order, then the signature, then saves the check list', async () => {
    const r = recorder();
    const { outcome, steps, saved } = run(r.calls);
    expect(await outcome).toBe('done');
    expect(r.log).toEqual(['image:photo-a:7', 'image:photo-b:7', 'image:sig-key:7', 'signoff']);
    expect(steps).toEqual([{ kind: 'image', item: 'Tyres' }, { kind: 'image', item: 'Wipers' }, { kind: 'signature' }, { kind: 'save' }]);
    expect(saved.at(-1)).toEqual({ images: { 'photo-a': 101, 'photo-b': 102 }, sig: 103 });
  });

  it('sends the payload of spec 3 with the upload ids, the issue count and the idempotency key', async () => {
    const r = recorder();
    await run(r.calls).outcome;
    expect(r.bodies[0]).toEqual({
      key: 'list-key',
      uid: 7,
      mileage: 41000,
      vcl: 3,
      ic: 3,
      operator: 'Sam',
      issues: 'Tyres: worn; Lights; Wipers: split',
      details: {
        reportdate: '2026-11-24T06:05:00.000Z',
        itemnames: ['Tyres', 'Lights', 'Horn', 'Wipers'],
        mileage: 41000,
        complete: true,
        items: [
          { item: 'Tyres', faulty: true, image: 101, note: 'worn' },
          { item: 'Lights', faulty: true, image: null, note: '' },
          { item: 'Horn', faulty: false, image: null, note: '' },
          { item: 'Wipers', faulty: true, image: 102, note: 'split' },
        ],
      },
      sig: 103,
    });
  });

  it('does not save the check list when the signature upload is refused, and says why', async () => {
    const r = recorder((key) => (key === 'sig-key' ? 'refuse' : 'ok'));
    const { outcome } = run(r.calls);
    expect(await outcome).toEqual({ fail: 'signature: refused sig-key' });
    expect(r.log).not.toContain('signoff');
  });

  it('stops at a refused photo before the signature', async () => {
    const r = recorder((key) => (key === 'photo-b' ? 'refuse' : 'ok'));
    expect(await run(r.calls).outcome).toEqual({ fail: 'image: refused photo-b' });
    expect(r.log).toEqual(['image:photo-a:7', 'image:photo-b:7']);
  });

  it('asks for a retry on a network error (null) at any step, keeping what was uploaded', async () => {
    const r = recorder((key) => (key === 'photo-b' ? 'network' : 'ok'));
    const { outcome, saved } = run(r.calls);
    expect(await outcome).toBe('retry');
    expect(r.log).toEqual(['image:photo-a:7', 'image:photo-b:7']);
    expect(saved).toEqual([{ images: { 'photo-a': 101 }, sig: undefined }]);

    const s = recorder((key) => (key === 'sig-key' ? 'network' : 'ok'));
    expect(await run(s.calls).outcome).toBe('retry');
    expect(s.log).not.toContain('signoff');

    const c = recorder((key) => (key === 'signoff' ? 'network' : 'ok'));
    expect(await run(c.calls).outcome).toBe('retry');
  });

  it('a retry never uploads again what the saved progress holds', async () => {
    const r = recorder();
    const { outcome } = run(r.calls, { images: { 'photo-a': 55 }, sig: undefined });
    expect(await outcome).toBe('done');
    expect(r.log).toEqual(['image:photo-b:7', 'image:sig-key:7', 'signoff']);
    expect(r.bodies[0]?.details.items[0]?.image).toBe(55);

    const again = recorder();
    expect(await run(again.calls, { images: { 'photo-a': 55, 'photo-b': 56 }, sig: 57 }).outcome).toBe('done');
    expect(again.log).toEqual(['signoff']);
    expect(again.bodies[0]?.sig).toBe(57);
  });

  it('reports an unexpected error (a photo missing from storage) as a failure, not a crash', async () => {
    const r = recorder();
    const outcome = await sendChecklist(job(), { 'sig-key': new Blob(['s']) }, {}, async () => undefined, r.calls, {
      failText: (step) => `failed at ${step.kind}`,
    });
    expect(outcome).toEqual({ fail: 'failed at image' });
    expect(r.log).toEqual([]);
  });

  it('builds no job from an unfinished draft', () => {
    const d = answerItem(newDraft({ uid: 1, registration: 'R', vcl: 0, name: '', items: [{ item: 'a' }, { item: 'b' }], lastmileage: null }, 'x', 'k', new Date()), 0, 'pass');
    expect(jobOf(d, 's', new Date())).toBeNull();
  });
});
