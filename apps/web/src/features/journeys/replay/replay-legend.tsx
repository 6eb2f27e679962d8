import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import { BAND_COLOURS, BAND_LIMITS } from './replay-track.ts';
import classes from './replay.module.css';

/** What the track's colours mean, in the site's speed unit. */
export function ReplayLegend() {
  const { t } = useTranslation();
  const { system, speedUnit } = useUnits();
  const limits = BAND_LIMITS[system];
  const labels = BAND_COLOURS.map((_, i) => {
    const lo = limits[i - 1];
    const hi = limits[i];
    if (lo === undefined) return t('replay.bandBelow', { value: hi, unit: speedUnit });
    if (hi === undefined) return t('replay.bandAbove', { value: lo, unit: speedUnit });
    return t('replay.bandBetween', { from: lo, to: hi, unit: speedUnit });
  });
  return (
    <div className={classes.legend} role="group" aria-label={t('replay.legend')}>
      <strong>{t('replay.legendTitle')}</strong>
      <ul>
        {labels.map((label, i) => (
          <li key={label}>
            <span className={classes.swatch} style={{ background: BAND_COLOURS[i] }} aria-hidden />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
