/**
 * The driver's check list while it is filled in: a plain value (kept in localStorage under
 * 'fleet.vcl.current.<uid>', so a closed app resumes it) and the pure steps that change it.
 * Photos are not in here, only their keys: the blobs live in the photo store (IndexedDB).
 */

export type Answer = 'pass' | 'faulty';

export interface DraftItem {
  item: string;
  answer: Answer | null;
  note: string;
  /** The photo's idempotency key (uuid v4), also its key in the photo store; null without a photo. */
  photoKey: string | null;
}

export interface ChecklistDraft {
  version: 1;
  /** The check list's idempotency key (uuid v4): the same key is sent however often it is retried. */
  key: string;
  uid: number;
  registration: string;
  vcl: number;
  name: string;
  items: DraftItem[];
  /** As typed; checked and turned into a number at sign-off. */
  mileage: string;
  lastMileage: number | null;
  operator: string;
  startedAt: string;
}

/** What checklist?reg answers, as far as a draft needs it. */
export interface ChecklistTemplate {
  uid: number;
  registration: string;
  vcl: number;
  name: string;
  items: readonly { item: string }[];
  lastmileage: number | null;
}

export const MAX_MILEAGE = 9_999_999;

export function newDraft(list: ChecklistTemplate, operator: string, key: string, now: Date): ChecklistDraft {
  return {
    version: 1,
    key,
    uid: list.uid,
    registration: list.registration,
    vcl: list.vcl,
    name: list.name,
    items: list.items.map(({ item }) => ({ item, answer: null, note: '', photoKey: null })),
    mileage: '',
    lastMileage: list.lastmileage,
    operator,
    startedAt: now.toISOString(),
  };
}

function patchItem(draft: ChecklistDraft, index: number, patch: Partial<DraftItem>): ChecklistDraft {
  if (index < 0 || index >= draft.items.length) return draft;
  return { ...draft, items: draft.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) };
}

/** Pass keeps no note or photo (they belong to a fault); faulty keeps what was there. */
export function answerItem(draft: ChecklistDraft, index: number, answer: Answer): ChecklistDraft {
  return answer === 'pass'
    ? patchItem(draft, index, { answer, note: '', photoKey: null })
    : patchItem(draft, index, { answer });
}

/** "All OK": every item not yet answered passes; answered items (faults above all) stay as they are. */
export function passUnanswered(draft: ChecklistDraft): ChecklistDraft {
  return { ...draft, items: draft.items.map((it) => (it.answer === null ? { ...it, answer: 'pass' } : it)) };
}

/** The fault's note and photo, from editfault; marks the item faulty. */
export function setFault(draft: ChecklistDraft, index: number, fault: { note: string; photoKey: string | null }): ChecklistDraft {
  return patchItem(draft, index, { answer: 'faulty', note: fault.note.trim().slice(0, 1000), photoKey: fault.photoKey });
}

export function setMileage(draft: ChecklistDraft, mileage: string): ChecklistDraft {
  return { ...draft, mileage };
}

export function setOperator(draft: ChecklistDraft, operator: string): ChecklistDraft {
  return { ...draft, operator };
}

export function progressOf(draft: ChecklistDraft): { checked: number; total: number; faulty: number } {
  let checked = 0;
  let faulty = 0;
  for (const it of draft.items) {
    if (it.answer !== null) checked += 1;
    if (it.answer === 'faulty') faulty += 1;
  }
  return { checked, total: draft.items.length, faulty };
}

export type MileageCheck = { ok: true; value: number | null } | { ok: false; reason: 'notNumber' | 'tooLarge' };

/** Mileage is optional; when given, a whole number of miles from 0 to MAX_MILEAGE (commas and spaces allowed). */
export function parseMileage(text: string): MileageCheck {
  const plain = text.replace(/[,\s]/g, '');
  if (plain === '') return { ok: true, value: null };
  if (!/^\d+$/.test(plain)) return { ok: false, reason: 'notNumber' };
  const value = Number(plain);
  return value > MAX_MILEAGE ? { ok: false, reason: 'tooLarge' } : { ok: true, value };
}

export type SignOffBlock = 'unanswered' | 'mileage' | 'operator';

/** Why the draft cannot go to sign-off yet (empty when it can): every item answered, a sane mileage, an operator. */
export function signOffBlocks(draft: ChecklistDraft): SignOffBlock[] {
  const blocks: SignOffBlock[] = [];
  if (draft.items.some((it) => it.answer === null)) blocks.push('unanswered');
  if (!parseMileage(draft.mileage).ok) blocks.push('mileage');
  if (draft.operator.trim() === '') blocks.push('operator');
  return blocks;
}

/** The faulty items with their place in the list (editfault and the sign-off summary use the index). */
export function faultsOf(draft: ChecklistDraft): { index: number; item: DraftItem }[] {
  return draft.items.flatMap((item, index) => (item.answer === 'faulty' ? [{ index, item }] : []));
}

/** Every photo key the draft still refers to (the photo store drops the others). */
export function photoKeysOf(draft: ChecklistDraft): string[] {
  return draft.items.flatMap((it) => (it.photoKey ? [it.photoKey] : []));
}

/** A stored draft, if it is one this code wrote; anything else is ignored (a new list starts). */
export function readDraft(raw: string | null): ChecklistDraft | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ChecklistDraft> | null;
    if (!v || v.version !== 1 || typeof v.key !== 'string' || typeof v.uid !== 'number' || !Array.isArray(v.items)) return null;
    const itemsOk = v.items.every(
      (it: Partial<DraftItem>) =>
        typeof it.item === 'string' &&
        (it.answer === null || it.answer === 'pass' || it.answer === 'faulty') &&
        typeof it.note === 'string' &&
        (it.photoKey === null || typeof it.photoKey === 'string'),
    );
    if (!itemsOk || typeof v.mileage !== 'string' || typeof v.operator !== 'string') return null;
    return v as ChecklistDraft;
  } catch {
    return null;
  }
}

export const DRAFT_KEY_PREFIX = 'fleet.vcl.current.';
export const draftStorageKey = (uid: number) => `${DRAFT_KEY_PREFIX}${uid}`;
