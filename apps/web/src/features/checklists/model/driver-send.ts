/**
 * Sending a signed-off check list, in the order of spec 5: each faulty item's photo, then the
 * signature, then — only when the signature is on the server — the check list itself. Pure over the
 * calls it is given, so the order, the stops and the retries are tested without a browser.
 *
 * The calls follow spec 8: a network error resolves null (-> 'retry': the item stays queued and
 * the next attempt goes on from the saved progress); anything else is thrown and ends the attempt
 * with a failure (the check list is not signed off).
 */
import { type ChecklistDraft, parseMileage } from './driver-checklist.ts';

/** What the outbox keeps for one signed-off check list (blobs beside it, keyed by photoKey / sigKey). */
export interface ChecklistJob {
  key: string;
  uid: number;
  registration: string;
  vcl: number;
  operator: string;
  mileage: number | null;
  reportdate: string;
  items: { item: string; faulty: boolean; note: string; photoKey: string | null }[];
  /** The signature's idempotency key (uuid v4), also its key among the blobs. */
  sigKey: string;
}

/** Upload ids already on the server: a retry never sends these again. */
export interface SendProgress {
  images?: Record<string, number>;
  sig?: number;
}

/** The body of signoffchecklistv5 (CONTRACTS B; spec 3's sign-off payload with the idempotency key). */
export interface SignOffBody {
  key: string;
  uid: number;
  mileage: number | null;
  vcl: number;
  ic: number;
  operator: string;
  issues: string;
  details: {
    reportdate: string;
    itemnames: string[];
    mileage: number | null;
    complete: boolean;
    items: { item: string; faulty: boolean; image: number | null; note: string }[];
  };
  sig: number;
}

export interface SendCalls {
  /** sendtempimage; null on a network error, throws when refused. */
  sendImage(upload: { uid: number; key: string; image: Blob }): Promise<{ id: number } | null>;
  /** signoffchecklistv5; null on a network error, throws when refused. */
  signOff(body: SignOffBody): Promise<{ id: number; duplicate: boolean } | null>;
}

export type SendStep = { kind: 'image'; item: string } | { kind: 'signature' } | { kind: 'save' };
export type SendOutcome = 'done' | 'retry' | { fail: string };

export interface SendHooks {
  /** Told before each call (the loading text: 'Uploading {item}', 'Uploading signature', 'Saving check list'). */
  onStep?(step: SendStep): void;
  /** The words for a failed step (the thrown error is the server's refusal or anything unexpected). */
  failText(step: SendStep, error: unknown): string;
}

/** The job the outbox keeps, from a finished draft (null when the draft cannot be signed off). */
export function jobOf(draft: ChecklistDraft, sigKey: string, now: Date): ChecklistJob | null {
  const mileage = parseMileage(draft.mileage);
  if (!mileage.ok || draft.items.some((it) => it.answer === null)) return null;
  return {
    key: draft.key,
    uid: draft.uid,
    registration: draft.registration,
    vcl: draft.vcl,
    operator: draft.operator.trim(),
    mileage: mileage.value,
    reportdate: now.toISOString(),
    items: draft.items.map((it) => ({
      item: it.item,
      faulty: it.answer === 'faulty',
      note: it.answer === 'faulty' ? it.note : '',
      photoKey: it.answer === 'faulty' ? it.photoKey : null,
    })),
    sigKey,
  };
}

/** spec 3 'issues': the faults in words, "Tyres: worn on the nearside; Lights". */
export function issuesText(items: ChecklistJob['items']): string {
  return items
    .filter((it) => it.faulty)
    .map((it) => (it.note ? `${it.item}: ${it.note}` : it.item))
    .join('; ');
}

export function signOffBody(job: ChecklistJob, images: Record<string, number>, sig: number): SignOffBody {
  const items = job.items.map((it) => ({
    item: it.item,
    faulty: it.faulty,
    image: it.photoKey ? (images[it.photoKey] ?? null) : null,
    note: it.note,
  }));
  return {
    key: job.key,
    uid: job.uid,
    mileage: job.mileage,
    vcl: job.vcl,
    ic: items.filter((it) => it.faulty).length,
    operator: job.operator,
    issues: issuesText(job.items),
    details: {
      reportdate: job.reportdate,
      itemnames: job.items.map((it) => it.item),
      mileage: job.mileage,
      complete: true,
      items,
    },
    sig,
  };
}

class MissingBlob extends Error {}

function blobOf(blobs: Record<string, Blob>, key: string): Blob {
  const blob = blobs[key];
  if (!blob) throw new MissingBlob(`The file ${key} is missing from the stored check list.`);
  return blob;
}

/** Sends one job from its saved progress; saves the progress after every upload. */
export async function sendChecklist(
  job: ChecklistJob,
  blobs: Record<string, Blob>,
  start: SendProgress,
  save: (progress: SendProgress) => Promise<void>,
  calls: SendCalls,
  hooks: SendHooks,
): Promise<SendOutcome> {
  const progress: SendProgress = { images: { ...start.images }, sig: start.sig };
  const images = progress.images ?? {};
  let step: SendStep = { kind: 'signature' };
  try {
    for (const it of job.items) {
      if (!it.faulty || !it.photoKey || images[it.photoKey] !== undefined) continue;
      step = { kind: 'image', item: it.item };
      hooks.onStep?.(step);
      const answer = await calls.sendImage({ uid: job.uid, key: it.photoKey, image: blobOf(blobs, it.photoKey) });
      if (answer === null) return 'retry';
      images[it.photoKey] = answer.id;
      await save({ ...progress, images: { ...images } });
    }
    if (progress.sig === undefined) {
      step = { kind: 'signature' };
      hooks.onStep?.(step);
      const answer = await calls.sendImage({ uid: job.uid, key: job.sigKey, image: blobOf(blobs, job.sigKey) });
      if (answer === null) return 'retry';
      progress.sig = answer.id;
      await save({ images: { ...images }, sig: answer.id });
    }
    step = { kind: 'save' };
    hooks.onStep?.(step);
    const saved = await calls.signOff(signOffBody(job, images, progress.sig));
    return saved === null ? 'retry' : 'done';
  } catch (error) {
    return { fail: hooks.failText(step, error) };
  }
}
