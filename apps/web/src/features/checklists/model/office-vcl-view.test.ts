import type { VclView } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { eventIsNews, itemState, itemsInOrder, markDealt, mileageText, openFaults } from './office-vcl-view.ts';

const view: VclView = {
  id: 5, uid: 9, registration: 'YK21 ABC', template: 'Van daily check', reported: '2026-11-24T07:00:00Z',
  received: '2026-11-24T07:01:00Z', driver: 'Sam Patel', operator: 'Aire Valley', mileage: 12345, ic: 2, complete: true, sig: 40,
  items: [
    { item: 'Tyres', faulty: false, note: '', image: null, fault: null },
    { item: 'Lights', faulty: true, note: 'Nearside out', image: 41, fault: { id: 70, dealt: null } },
    { item: 'Horn', faulty: false, note: '', image: null, fault: null },
    { item: 'Mirrors', faulty: true, note: '', image: null, fault: { id: 71, dealt: { at: '2026-11-24T08:00:00Z', by: 'Ops' } } },
  ],
};

describe('office check list view', () => {
  it('words each item as passed, open or dealt with', () => {
    expect(view.items.map(itemState)).toEqual(['pass', 'open', 'pass', 'dealt']);
    expect(openFaults(view)).toBe(1);
  });

  it('lists open faults first, then faults dealt with, then the passed items, each in check list order', () => {
    expect(itemsInOrder(view).map((i) => i.item)).toEqual(['Lights', 'Mirrors', 'Tyres', 'Horn']);
  });

  it('marks a fault dealt with, once', () => {
    const dealt = { at: '2026-11-24T09:00:00Z', by: 'Ann' };
    const next = markDealt(view, 70, dealt);
    expect(next.items[1]?.fault?.dealt).toEqual(dealt);
    expect(openFaults(next)).toBe(0);
    expect(markDealt(next, 70, { at: 'x', by: 'y' })).toBe(next);
    expect(markDealt(view, 999, dealt)).toBe(view);
  });

  it('a dealt event is news only for this check list and a fault not yet shown dealt with', () => {
    expect(eventIsNews(view, { id: 5, faultid: 70 })).toBe(true);
    expect(eventIsNews(view, { id: 5, faultid: 71 })).toBe(false);
    expect(eventIsNews(view, { id: 6, faultid: 70 })).toBe(false);
  });
});

describe('mileageText', () => {
  it('shows the reading whole, with separators and the site unit; nothing for no reading', () => {
    expect(mileageText(41350, 'mi', '–')).toBe('41,350 mi');
    expect(mileageText(66540.6, 'km', '–')).toBe('66,541 km');
    expect(mileageText(null, 'mi', '–')).toBe('–');
    expect(mileageText(-3, 'mi', '–')).toBe('–');
  });
});
