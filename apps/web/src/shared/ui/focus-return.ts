/** Marks the control that takes focus when a dialog's opener is gone (the menu button, whose drawer closed). */
export const FOCUS_FALLBACK_ATTR = 'data-focus-fallback';

/** Where focus goes back to: the opener while it is still on the page, else the fallback control, else the page's main region. */
export function focusTarget(opener: Element | null, doc: Document = document): HTMLElement | null {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== doc.body) return opener;
  return doc.querySelector<HTMLElement>(`[${FOCUS_FALLBACK_ATTR}]`) ?? doc.getElementById('main-content');
}

/**
 * Remembers what has focus now (the control that opens a dialog) and returns the function that puts
 * focus back there once the dialog has closed (WCAG 2.4.3): for dialogs that are unmounted when closed,
 * where the modal's own focus return never runs, and for openers that lived in a drawer that closed.
 */
export function rememberOpener(doc: Document = document): () => void {
  const opener = doc.activeElement;
  return () => {
    // After the closing render: the dialog's focus trap has let go and a closed drawer is gone.
    setTimeout(() => {
      const active = doc.activeElement;
      // The user (or the dialog's own return) has already put focus somewhere real: leave it there.
      if (active && active !== doc.body && active.isConnected && !active.closest('[role="dialog"]')) return;
      focusTarget(opener, doc)?.focus({ preventScroll: false });
    }, 0);
  };
}
