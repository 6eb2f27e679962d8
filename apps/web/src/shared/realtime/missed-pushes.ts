/**
 * Whether a socket's pushes may have been missed, so answers fetched meanwhile must be asked again:
 * across a drop, and before its first connect (what is pushed before it joins the site room is
 * missing from answers fetched at mount too).
 */
export function missedPushes(connectedNow: boolean) {
  let missed = !connectedNow;
  return {
    dropped(): void {
      missed = true;
    },
    /** On connect: true when something may have been missed (it is then caught up). */
    connected(): boolean {
      const was = missed;
      missed = false;
      return was;
    },
  };
}
