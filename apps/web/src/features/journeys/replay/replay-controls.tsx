import { ActionIcon, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerTrackNextFilled, IconPlayerTrackPrevFilled } from '@tabler/icons-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHHmmss } from '../../../shared/format/time.ts';
import { play, RATES, type Rate, type ReplayClock } from './replay-clock.ts';
import classes from './replay.module.css';

/** Keyboard steps of the slider: arrows 10 s (with Shift 1 min), Page Up / Down 10 min, Home / End. */
const STEP = { arrow: 10_000, shift: 60_000, page: 600_000 };

function useClockTime(clock: ReplayClock): number {
  return useSyncExternalStore(clock.subscribe, clock.get);
}

interface ControlsProps {
  clock: ReplayClock;
  timezone: string;
  /** Start times of the stops, for 'previous / next stop'. */
  stopTimes: readonly number[];
}

/**
 * Play / pause, stop to stop, the time, the slider and the rate. Only the time and the slider follow
 * the clock (each its own small component), so scrubbing does not re-render the buttons and the menu.
 */
export function ReplayControls({ clock, timezone, stopTimes }: ControlsProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<Rate>(16);

  useEffect(() => {
    if (!playing) return;
    if (clock.get() >= clock.max) clock.set(clock.min);
    return play(clock, rate, () => setPlaying(false));
  }, [playing, rate, clock]);

  const toStop = (direction: 1 | -1) => {
    const now = clock.get();
    const next = direction > 0 ? stopTimes.find((s) => s > now + 1000) : [...stopTimes].reverse().find((s) => s < now - 1000);
    if (next !== undefined) clock.set(next);
  };
  const noStops = stopTimes.length === 0;

  return (
    <div className={classes.controls}>
      <Group gap={6} wrap="nowrap" className={classes.buttons}>
        <Tooltip label={t('replay.prevStop')}>
          <ActionIcon size={44} variant="default" aria-label={t('replay.prevStop')} disabled={noStops} onClick={() => toStop(-1)}>
            <IconPlayerTrackPrevFilled size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <ActionIcon size={48} radius="xl" aria-label={playing ? t('replay.pause') : t('replay.play')} aria-pressed={playing} onClick={() => setPlaying((p) => !p)}>
          {playing ? <IconPlayerPauseFilled size={22} aria-hidden /> : <IconPlayerPlayFilled size={22} aria-hidden />}
        </ActionIcon>
        <Tooltip label={t('replay.nextStop')}>
          <ActionIcon size={44} variant="default" aria-label={t('replay.nextStop')} disabled={noStops} onClick={() => toStop(1)}>
            <IconPlayerTrackNextFilled size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ClockText clock={clock} timezone={timezone} />
      <ClockSlider clock={clock} timezone={timezone} onTogglePlay={() => setPlaying((p) => !p)} />
      <Select
        className={classes.rate}
        aria-label={t('replay.rate')}
        data={RATES.map((r) => ({ value: String(r), label: `${r}×` }))}
        value={String(rate)}
        onChange={(v) => v && setRate(Number(v) as Rate)}
        allowDeselect={false}
        size="md"
        w={96}
        styles={{ input: { minHeight: 44 } }}
      />
    </div>
  );
}

function ClockText({ clock, timezone }: { clock: ReplayClock; timezone: string }) {
  const { t } = useTranslation();
  const time = useClockTime(clock);
  return (
    <Text component="output" fw={700} ff="monospace" className={classes.time} aria-label={t('replay.timeShown')} data-replay-time>
      {formatHHmmss(new Date(time), timezone)}
    </Text>
  );
}

/** The time slider: keyboard operable, its spoken value the time in the site's zone. */
function ClockSlider({ clock, timezone, onTogglePlay }: { clock: ReplayClock; timezone: string; onTogglePlay(): void }) {
  const { t } = useTranslation();
  const time = useClockTime(clock);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowUp' ? (e.shiftKey ? STEP.shift : STEP.arrow)
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -(e.shiftKey ? STEP.shift : STEP.arrow)
          : e.key === 'PageUp' ? STEP.page
            : e.key === 'PageDown' ? -STEP.page
              : null;
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      clock.set(e.key === 'Home' ? clock.min : clock.max);
    } else if (step !== null) {
      e.preventDefault();
      clock.set(clock.get() + step);
    } else if (e.key === ' ') {
      e.preventDefault();
      onTogglePlay();
    }
  };
  const onInput = (e: ChangeEvent<HTMLInputElement>) => clock.set(Number(e.currentTarget.value));
  return (
    <input
      type="range"
      className={classes.slider}
      min={clock.min}
      max={clock.max}
      step={1000}
      value={time}
      onChange={onInput}
      onKeyDown={onKey}
      aria-label={t('replay.slider')}
      aria-valuetext={formatHHmmss(new Date(time), timezone)}
      aria-keyshortcuts="Space"
      data-replay-slider
    />
  );
}
