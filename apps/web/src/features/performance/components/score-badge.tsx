import { scoreBand } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import classes from './performance.module.css';

/** A score with its band's colour and word ('92 Excellent'); a stretch too short to judge says so. */
export function ScoreBadge({ score }: { score: number | null }) {
  const { t } = useTranslation();
  if (score === null) return <span className={`${classes.score} ${classes.none}`}>{t('performance.band.none')}</span>;
  const band = scoreBand(score);
  return (
    <span className={`${classes.score} ${classes[band]}`} data-band={band}>
      {score}
      <span>{t(`performance.band.${band}`)}</span>
    </span>
  );
}
