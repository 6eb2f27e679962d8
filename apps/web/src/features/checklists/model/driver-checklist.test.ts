import { describe, expect, it } from 'vitest';
import {
  answerItem,
  type ChecklistTemplate,
  draftStorageKey,
  faultsOf,
  newDraft,
  parseMileage,
  passUnanswered,
  photoKeysOf,
  progressOf,
  readDraft,
  setFault,
  setMileage,
  setOperator,
  signOffBlocks,
} from './driver-checklist.ts';

const LIST: ChecklistTemplate = {
  uid: 7,
  registration: 'YX21 ABC',
  vcl: 3,
  name: 'Van daily check',
  items: [{ item: 'Tyres' }, { item: 'Lights' }, { item: 'Mirrors' }],
  lastmileage: 41200,
};
const start = () => newDraft(LIST, 'Sam Driver', 'key-1', new Date('2026-11-24T06:00:00Z'));

describe('the driver check list draft', () => {
  it('starts with every item unanswered, the operator prefilled and the last mileage as a hint', () => {
    const d = start();
    expect(d.items.map((it) => it.answer)).toEqual([null, null, null]);
    expect(d.operator).toBe('Sam Driver');
    expect(d.mileage).toBe('');
    expect(d.lastMileage).toBe(41200);
    expect(progressOf(d)).toEqual({ checked: 0, total: 3, faulty: 0 });
    expect(signOffBlocks(d)).toEqual(['unanswered']);
  });

  it('counts progress as items are answered and allows sign-off only when all are', () => {
    let d = answerItem(start(), 0, 'pass');
    d = answerItem(d, 1, 'faulty');
    expect(progressOf(d)).toEqual({ checked: 2, total: 3, faulty: 1 });
    expect(signOffBlocks(d)).toEqual(['unanswered']);
    d = answerItem(d, 2, 'pass');
    expect(signOffBlocks(d)).toEqual([]);
  });

  it('"All OK" passes only the unanswered items and keeps the faults', () => {
    let d = setFault(start(), 1, { note: ' cracked lens ', photoKey: 'p1' });
    d = passUnanswered(d);
    expect(d.items.map((it) => it.answer)).toEqual(['pass', 'faulty', 'pass']);
    expect(d.items[1]).toEqual({ item: 'Lights', answer: 'faulty', note: 'cracked lens', photoKey: 'p1' });
    expect(faultsOf(d).map((f) => f.index)).toEqual([1]);
  });

  it('turning a fault into a pass drops its note and photo', () => {
    let d = setFault(start(), 0, { note: 'worn', photoKey: 'p1' });
    expect(photoKeysOf(d)).toEqual(['p1']);
    d = answerItem(d, 0, 'pass');
    expect(d.items[0]).toEqual({ item: 'Tyres', answer: 'pass', note: '', photoKey: null });
    expect(photoKeysOf(d)).toEqual([]);
  });

  it('ignores an index outside the list', () => {
    const d = start();
    expect(answerItem(d, 9, 'pass')).toBe(d);
    expect(answerItem(d, -1, 'faulty')).toBe(d);
  });

  it('blocks sign-off on a mileage that is not a whole number and on an empty operator', () => {
    let d = passUnanswered(start());
    d = setMileage(d, '12.5');
    expect(signOffBlocks(d)).toEqual(['mileage']);
    d = setOperator(setMileage(d, '41,350'), '  ');
    expect(signOffBlocks(d)).toEqual(['operator']);
  });

  it('reads mileage as whole miles, optional, commas and spaces allowed', () => {
    expect(parseMileage('')).toEqual({ ok: true, value: null });
    expect(parseMileage(' 41 350 ')).toEqual({ ok: true, value: 41350 });
    expect(parseMileage('1,000')).toEqual({ ok: true, value: 1000 });
    expect(parseMileage('-5')).toEqual({ ok: false, reason: 'notNumber' });
    expect(parseMileage('1e5')).toEqual({ ok: false, reason: 'notNumber' });
    expect(parseMileage('10000000')).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('round-trips through storage and refuses anything it did not write', () => {
    const d = setFault(start(), 2, { note: 'loose', photoKey: null });
    expect(readDraft(JSON.stringify(d))).toEqual(d);
    expect(readDraft(null)).toBeNull();
    expect(readDraft('{oops')).toBeNull();
    expect(readDraft(JSON.stringify({ ...d, version: 2 }))).toBeNull();
    expect(readDraft(JSON.stringify({ ...d, items: [{ item: 'x', answer: 'maybe', note: '', photoKey: null }] }))).toBeNull();
    expect(readDraft('null')).toBeNull();
    expect(draftStorageKey(7)).toBe('fleet.vcl.current.7');
  });
});
