import { Badge, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullDate, formatHHmmss } from '../../../shared/format/time.ts';
import { frameLabel } from '../hooks/frame-label.ts';
import { type FrameEntry, prettyDecoded, spacedHex } from '../hooks/frame-log.ts';
import classes from './debug.module.css';

/** One frame: time, direction, kind and size; its bytes clipped to two lines until expanded. */
export const FrameRow = memo(function FrameRow({ entry }: { entry: FrameEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { frame } = entry;
  const inbound = frame.direction === 'in';
  const Arrow = inbound ? IconArrowDownLeft : IconArrowUpRight;
  const Chevron = open ? IconChevronUp : IconChevronDown;
  const decoded = open ? prettyDecoded(frame.decoded) : null;

  return (
    <li className={classes.frame} data-direction={frame.direction}>
      <UnstyledButton
        className={classes.head}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={detailsId}
      >
        <time className={classes.time} dateTime={frame.at} title={formatFullDate(frame.at)}>
          {formatHHmmss(frame.at)}
        </time>
        <Badge
          variant="light"
          color={inbound ? 'blue' : 'grape'}
          c="dark.8"
          size="sm"
          radius="sm"
          w={60}
          fw={600}
          style={{ flex: 'none' }}
          title={t(inbound ? 'debugger.inTitle' : 'debugger.outTitle')}
          leftSection={<Arrow size={11} aria-hidden />}
        >
          {t(inbound ? 'debugger.in' : 'debugger.out')}
        </Badge>
        <span className={classes.kind} title={frameLabel(frame.kind)}>
          {frameLabel(frame.kind)}
        </span>
        <span
          className={classes.size}
          title={entry.truncated ? t('debugger.bytesCutTitle', { count: entry.bytes }) : undefined}
        >
          {t(entry.truncated ? 'debugger.bytesCut' : 'debugger.bytes', { count: entry.bytes })}
        </span>
        <Chevron size={14} aria-hidden style={{ flex: 'none' }} />
      </UnstyledButton>
      <div id={detailsId}>
        <div className={classes.hex} data-collapsed={open ? undefined : true}>
          {entry.text ?? spacedHex(frame.hex)}
        </div>
        {open && (
          <div className={classes.details}>
            {entry.text !== null && (
              <>
                <Text size="xs" c="dimmed" mb={2}>
                  {t('debugger.hexBytes')}
                </Text>
                <div className={classes.hex} style={{ margin: '0 0 6px' }}>
                  {spacedHex(frame.hex)}
                </div>
              </>
            )}
            <Text size="xs" c="dimmed" mb={2}>
              {t('debugger.decoded')}
            </Text>
            {decoded === null ? (
              <Text size="sm" c="dimmed">
                {t('debugger.nothingDecoded')}
              </Text>
            ) : (
              <pre className={classes.pre}>{decoded}</pre>
            )}
          </div>
        )}
      </div>
    </li>
  );
});
