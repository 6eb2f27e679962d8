import { useTranslation } from 'react-i18next';
import { usePageSkipLinks } from '../../shared/ui/page-skip-links.ts';
import classes from './shell.module.css';

/** First tab stops: jump keyboard users past the header and menu (and, where a page offers one, to its main list). */
export function SkipLink() {
  const { t } = useTranslation();
  const pageLinks = usePageSkipLinks();
  return (
    <>
      <a href="#main-content" className={classes.skip}>
        {t('app.skipToContent')}
      </a>
      {pageLinks.map((link) => (
        <a
          key={link.id}
          href={`#${link.id}`}
          className={classes.skip}
          onClick={(e) => {
            e.preventDefault();
            link.go();
          }}
        >
          {link.label}
        </a>
      ))}
    </>
  );
}
