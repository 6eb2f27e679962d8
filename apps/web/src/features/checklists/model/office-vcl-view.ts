import type { VclView } from '@fleet/shared';

export type ViewItem = VclView['items'][number];

/** The state of one item as the viewer words it: passed, faulty and open, or faulty and dealt with. */
export type ItemState = 'pass' | 'open' | 'dealt';

export function itemState(item: ViewItem): ItemState {
  if (!item.faulty) return 'pass';
  return item.fault?.dealt ? 'dealt' : 'open';
}

/** Faults on the check list not dealt with yet. */
export function openFaults(view: Pick<VclView, 'items'>): number {
  return view.items.filter((i) => itemState(i) === 'open').length;
}

/** Faulty items first (open before dealt with), each group in the check list's own order. */
export function itemsInOrder(view: Pick<VclView, 'items'>): ViewItem[] {
  const rank: Record<ItemState, number> = { open: 0, dealt: 1, pass: 2 };
  return view.items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank[itemState(a.item)] - rank[itemState(b.item)] || a.index - b.index)
    .map((x) => x.item);
}

/**
 * A fault dealt with (here, or in another browser: 'vcl:dealt' carries no who and when, so then the
 * view is asked again). Marks the fault with `dealt` when given; the same view when nothing changes.
 */
export function markDealt(view: VclView, faultId: number, dealt: { at: string; by: string }): VclView {
  let changed = false;
  const items = view.items.map((i) => {
    if (!i.fault || i.fault.id !== faultId || i.fault.dealt) return i;
    changed = true;
    return { ...i, fault: { ...i.fault, dealt } };
  });
  return changed ? { ...view, items } : view;
}

/** Whether a 'vcl:dealt' event tells this view something it does not show yet. */
export function eventIsNews(view: VclView, event: { id: number; faultid: number }): boolean {
  if (event.id !== view.id) return false;
  const item = view.items.find((i) => i.fault?.id === event.faultid);
  return !item || !item.fault?.dealt;
}

const wholeNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/**
 * The mileage the driver read off the vehicle, with the site's distance unit ('41,350 mi',
 * '66,540 km'): the driver types it in the site's unit, so it is shown as typed, not converted.
 */
export function mileageText(mileage: number | null, unit: string, none: string): string {
  if (mileage === null || !Number.isFinite(mileage) || mileage < 0) return none;
  return `${wholeNumber.format(Math.round(mileage))} ${unit}`;
}
