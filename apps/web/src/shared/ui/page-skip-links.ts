import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Skip links a page adds after the shell's "Skip to content" (e.g. the fleet page's "Skip to vehicle
 * list"), so they are among the first tab stops of every visit. A page registers one while it is
 * shown; following the link calls `go`, which moves focus where the link says.
 */
export interface PageSkipLink {
  id: string;
  label: string;
  go(): void;
}

let links: readonly PageSkipLink[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly PageSkipLink[]): void {
  links = next;
  for (const l of listeners) l();
}

export function usePageSkipLinks(): readonly PageSkipLink[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => links,
    () => links,
  );
}

/** Offers a skip link while the calling component is mounted; `go` may change between renders. */
export function usePageSkipLink(id: string, label: string, go: () => void): void {
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    const link: PageSkipLink = { id, label, go: () => goRef.current() };
    publish([...links.filter((l) => l.id !== id), link]);
    return () => publish(links.filter((l) => l !== link));
  }, [id, label]);
}
