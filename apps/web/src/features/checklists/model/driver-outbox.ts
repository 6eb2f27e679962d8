import { i18n } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import type { OutboxContext, OutboxHandler, OutboxItem, OutboxResult } from '../../../shared/offline/outbox.ts';
import { session } from '../../../shared/session/session-store.ts';
import { checklistCalls } from '../api/driver-api.ts';
import { type ChecklistJob, sendChecklist, type SendCalls, type SendProgress, type SendStep } from './driver-send.ts';
import { sendStatus } from './driver-send-status.ts';

/** The outbox kind of a signed-off check list. */
export const CHECKLIST_KIND = 'checklist';

/** What the outbox keeps for a check list: the job, and who signed it (only their session sends it). */
export interface ChecklistOutboxPayload {
  job: ChecklistJob;
  /** The signed-in user (the driver's account) who signed off: the server records the sender as the driver. */
  userId: number;
  driverName: string;
}

/** The words for a failed step: spec 8's 'Unknown error', with the server's reason when it gave one. */
export function failTextOf(step: SendStep, error: unknown): string {
  const unknown = i18n.t('checklist.unknownError');
  const what =
    step.kind === 'image'
      ? i18n.t('checklist.uploadingItem', { item: step.item })
      : step.kind === 'signature'
        ? i18n.t('checklist.uploadingSignature')
        : i18n.t('checklist.saving');
  const reason = error instanceof ApiError ? error.message : '';
  return reason ? `${unknown} (${what}): ${reason}` : `${unknown} (${what})`;
}

/** Why an item cannot be sent by whoever is signed in now (null when it can). */
export function waitingFor(payload: ChecklistOutboxPayload, currentUserId: number | null): string | null {
  if (currentUserId === payload.userId) return null;
  return i18n.t('checklist.outbox.waitingForDriver', { name: payload.driverName });
}

/** Builds the outbox handler over the given calls (the real ones in the app, recorded ones in tests). */
export function checklistHandler(calls: SendCalls, currentUserId: () => number | null): OutboxHandler {
  return async (item: OutboxItem<ChecklistOutboxPayload>, ctx: OutboxContext): Promise<OutboxResult> => {
    const waiting = waitingFor(item.payload, currentUserId());
    // Another driver's (or no) session would sign it in the wrong name: set aside until its driver is back.
    if (waiting) return { fail: waiting };
    try {
      const outcome = await sendChecklist(
        item.payload.job,
        item.blobs,
        item.progress as SendProgress,
        (progress) => ctx.save({ ...progress }),
        calls,
        { onStep: (step) => sendStatus.set({ itemId: item.id, step }), failText: failTextOf },
      );
      if (outcome === 'retry') return { retry: i18n.t('checklist.noSignal') };
      return outcome;
    } finally {
      sendStatus.set(null);
    }
  };
}

/** The handlers the driver side starts the outbox with (app/ passes them to startOutbox). */
export const checklistOutboxHandlers: Record<string, OutboxHandler> = {
  [CHECKLIST_KIND]: checklistHandler(checklistCalls, () => session.get().user?.userid ?? null),
};

/** This driver's check lists set aside while another driver (or none) was signed in: back in line. */
export async function resumeWaitingChecklists(
  box: { list(): Promise<OutboxItem[]>; retry(id: string): Promise<void> },
  userId: number,
): Promise<void> {
  for (const item of await box.list()) {
    const payload = item.payload as Partial<ChecklistOutboxPayload>;
    if (item.kind === CHECKLIST_KIND && item.failed && payload.userId === userId && item.lastError === waitingFor(payload as ChecklistOutboxPayload, null)) {
      await box.retry(item.id);
    }
  }
}
