import { useTranslation } from 'react-i18next';
import classes from './live-indicator.module.css';
import { type LiveState, liveTone } from './live-status.ts';

/** The fleet page's "Live" badge: a coloured dot and, always, the words (colour is never the only sign). */
export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  return (
    <span
      className={classes.live}
      data-status={state}
      data-tone={liveTone(state)}
      role="status"
      title={t(`fleet.live.${state}Hint`)}
    >
      {t(`fleet.live.${state}`)}
    </span>
  );
}
