import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../model/driver-checklist.ts';
import classes from './driver.module.css';

interface Props {
  item: string;
  answer: Answer | null;
  onAnswer(answer: Answer): void;
}

/** Pass and Faulty as two big toggle buttons: words, an icon and a colour, never colour alone. */
export function DriverAnswerButtons({ item, answer, onAnswer }: Props) {
  const { t } = useTranslation();
  return (
    <div className={classes.answers} role="group" aria-label={item}>
      <button
        type="button"
        className={classes.answer}
        data-kind="pass"
        aria-pressed={answer === 'pass'}
        onClick={() => onAnswer('pass')}
      >
        <IconCheck aria-hidden size={26} stroke={3} />
        {t('checklist.pass')}
      </button>
      <button
        type="button"
        className={classes.answer}
        data-kind="faulty"
        aria-pressed={answer === 'faulty'}
        onClick={() => onAnswer('faulty')}
      >
        <IconAlertTriangle aria-hidden size={26} stroke={2.5} />
        {t('checklist.faulty')}
      </button>
    </div>
  );
}
