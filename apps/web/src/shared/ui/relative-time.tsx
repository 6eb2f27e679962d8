import { useEffect, useState } from 'react';
import { formatFullDate, formatRelative } from '../format/time.ts';

/** Re-renders every `intervalMs` so relative times stay true on a page left open all day. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** '4 min ago', with the full date on hover (a native title: light enough for hundreds of rows). */
export function RelativeTime({ value, now }: { value: string; now: Date }) {
  return (
    <time dateTime={value} title={formatFullDate(value)}>
      {formatRelative(value, now)}
    </time>
  );
}
