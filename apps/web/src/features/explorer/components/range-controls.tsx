import { ActionIcon, Button, Group, SegmentedControl, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { panBy, PRESETS, type PresetKey, type ViewRange, zoomAround } from '../model/view-range.ts';
import type { ChartMode } from './explorer-chart.tsx';

/** A time as a datetime-local input holds it (the browser's clock). */
const localInput = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

interface RangeControlsProps {
  view: ViewRange;
  preset: PresetKey | 'custom';
  mode: ChartMode;
  onPreset: (p: PresetKey) => void;
  onView: (r: ViewRange, custom?: boolean) => void;
  onMode: (m: ChartMode) => void;
}

/** Presets, a custom range, and the chart's gestures as buttons (keyboard and touch alike). */
export function RangeControls({ view, preset, mode, onPreset, onView, onMode }: RangeControlsProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState<{ from: string; to: string } | null>(null);
  const from = custom ? Date.parse(custom.from) : Number.NaN;
  const to = custom ? Date.parse(custom.to) : Number.NaN;
  const customOk = Number.isFinite(from) && Number.isFinite(to) && from < to;
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <SegmentedControl
        aria-label={t('explorer.range')}
        value={custom ? 'custom' : preset}
        onChange={(v) => {
          if (v === 'custom') setCustom({ from: localInput(view.from), to: localInput(view.to) });
          else {
            setCustom(null);
            onPreset(v as PresetKey);
          }
        }}
        data={[...PRESETS.map((p) => ({ value: p.key, label: t(`explorer.preset.${p.key}`) })), { value: 'custom', label: t('explorer.preset.custom') }]}
      />
      {custom && (
        <>
          <TextInput size="xs" type="datetime-local" label={t('explorer.from')} value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.currentTarget.value })} />
          <TextInput size="xs" type="datetime-local" label={t('explorer.to')} value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.currentTarget.value })}
            error={custom.from && custom.to && !customOk ? t('explorer.toAfterFrom') : undefined} />
          <Button size="xs" disabled={!customOk} onClick={() => onView({ from, to }, true)}>{t('explorer.show')}</Button>
        </>
      )}
      <SegmentedControl
        aria-label={t('explorer.dragDoes')}
        value={mode}
        onChange={(v) => onMode(v as ChartMode)}
        data={[{ value: 'select', label: t('explorer.modeSelect') }, { value: 'pan', label: t('explorer.modePan') }]}
      />
      <Group gap={4}>
        {([
          ['zoomIn', <IconZoomIn key="i" size={18} />, () => onView(zoomAround(view, 0.5))],
          ['zoomOut', <IconZoomOut key="o" size={18} />, () => onView(zoomAround(view, 2))],
          ['earlier', <IconArrowLeft key="l" size={18} />, () => onView(panBy(view, -0.5))],
          ['later', <IconArrowRight key="r" size={18} />, () => onView(panBy(view, 0.5))],
        ] as const).map(([key, icon, act]) => (
          <Tooltip key={key} label={t(`explorer.${key}`)}>
            <ActionIcon variant="default" size="lg" aria-label={t(`explorer.${key}`)} onClick={act}>{icon}</ActionIcon>
          </Tooltip>
        ))}
      </Group>
    </Group>
  );
}
