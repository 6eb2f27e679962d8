import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

/** First tab stop: jumps keyboard users past the header and menu. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main-content" className={classes.skip}>
      {t('app.skipToContent')}
    </a>
  );
}
