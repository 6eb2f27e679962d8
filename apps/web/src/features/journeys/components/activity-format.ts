import type { UnitSystem } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import { dayIn } from '../../../shared/format/day.ts';
import { formatHHmm } from '../../../shared/format/time.ts';
import { formatDistance, formatSpeed } from '../../../shared/format/units.ts';
import { durationParts, kmhToMph, metresToKm } from '../model/activity-timeline.ts';

const shortDates = new Map<string, Intl.DateTimeFormat>();
function shortDate(value: string, timeZone: string): string {
  let f = shortDates.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone });
    shortDates.set(timeZone, f);
  }
  return f.format(new Date(value));
}

/**
 * The page's words for times, durations, distances and speeds: times in the zone of the day shown
 * (a time on another day carries its date, '23 Nov 18:02'), distances and speeds in the site's units.
 */
export function useActivityFormat(timeZone: string, day: string, system: UnitSystem) {
  const { t } = useTranslation();
  return {
    time: (value: string) => (dayIn(value, timeZone) === day ? formatHHmm(value, timeZone) : `${shortDate(value, timeZone)} ${formatHHmm(value, timeZone)}`),
    duration: (seconds: number) => {
      const { h, m, s } = durationParts(seconds);
      if (h > 0) return m > 0 ? t('activity.duration.hm', { h, m }) : t('activity.duration.h', { h });
      // Nothing at all reads '0 min': seconds are for the short stops and idles only.
      if (m > 0 || s === 0) return t('activity.duration.m', { m });
      return t('activity.duration.s', { s });
    },
    distance: (metres: number) => formatDistance(metresToKm(metres), system),
    speed: (kmh: number) => formatSpeed(kmhToMph(kmh), system),
  };
}
export type ActivityFormat = ReturnType<typeof useActivityFormat>;
