import { useSyncExternalStore } from 'react';
import type { PoiDraft } from './poi-draft.ts';

/** What the Places panel and the map share: layer visibility, the draft and a camera request. */
export interface PoiState {
  /** The 'Places' toggle: the POI layer is drawn. */
  visible: boolean;
  draft: PoiDraft | null;
  /** Fly to this place; `seq` makes a repeat click count. */
  focus: { id: number; seq: number } | null;
}

let state: PoiState = { visible: true, draft: null, focus: null };
const listeners = new Set<() => void>();

/** The state now, for map handlers that must not wait for a render. */
export function getPoiState(): PoiState {
  return state;
}

export function setPoiState(change: Partial<PoiState> | ((s: PoiState) => Partial<PoiState>)): void {
  state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
  for (const l of listeners) l();
}

export function updateDraft(change: (d: PoiDraft) => PoiDraft): void {
  setPoiState((s) => ({ draft: s.draft ? change(s.draft) : null }));
}

export function focusPoi(id: number): void {
  setPoiState((s) => ({ focus: { id, seq: (s.focus?.seq ?? 0) + 1 } }));
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function usePoiState(): PoiState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
