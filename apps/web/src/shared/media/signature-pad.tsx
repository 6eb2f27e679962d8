import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadEngine, { type PointGroup } from 'signature_pad';

export interface SignaturePadProps {
  /** What is being signed for (shown above the box, and the box's accessible name). */
  label: string;
  /** The drawn signature as a PNG after each stroke; null when cleared. */
  onChange: (png: Blob | null) => void;
  /** Box height in CSS pixels (at least 200: room for a gloved finger). */
  height?: number;
}

/**
 * A signature drawn on the screen with a finger, a glove, a stylus or a mouse: a thick dark line on
 * white (readable in sunlight), the full width of its parent, kept when the screen turns or resizes.
 * Screen readers hear the label and whether it is signed.
 */
export function SignaturePad({ label, onChange, height = 220 }: SignaturePadProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const statusId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [signed, setSigned] = useState(false);
  const boxHeight = Math.max(200, height);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadEngine(canvas, {
      minWidth: 2.5,
      maxWidth: 5.5,
      penColor: '#0b1d3a',
      backgroundColor: '#ffffff',
    });
    padRef.current = pad;
    let size = { width: 0, height: 0 };

    // The canvas' pixels follow its CSS size and the screen's density; the strokes are drawn again
    // after a resize (scaled down when the box got narrower, so none falls off the edge).
    const fit = () => {
      const width = canvas.offsetWidth;
      const cssHeight = canvas.offsetHeight;
      if (width === 0 || (width === size.width && cssHeight === size.height)) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      const scale = size.width ? Math.min(1, width / size.width, cssHeight / size.height) : 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(cssHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      size = { width, height: cssHeight };
      pad.clear();
      if (data.length > 0) {
        const scaled: PointGroup[] = data.map((g) => ({ ...g, points: g.points.map((p) => ({ ...p, x: p.x * scale, y: p.y * scale })) }));
        pad.fromData(scaled);
      }
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);

    const stroked = () => {
      setSigned(!pad.isEmpty());
      canvas.toBlob((png) => onChangeRef.current(png), 'image/png');
    };
    pad.addEventListener('endStroke', stroked);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', stroked);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setSigned(false);
    onChangeRef.current(null);
  }, []);

  const status = signed ? t('signature.signed') : t('signature.empty');
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" wrap="nowrap" align="end">
        <Text id={labelId} fw={600}>
          {label}
        </Text>
        <Button variant="default" size="md" mih={48} miw={96} onClick={clear} disabled={!signed}>
          {t('signature.clear')}
        </Button>
      </Group>
      <Box
        style={{
          border: '2px solid var(--mantine-color-gray-7)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#ffffff',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}: ${status}`}
          aria-describedby={statusId}
          data-signed={signed ? 'true' : 'false'}
          style={{ display: 'block', width: '100%', height: boxHeight, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      <Text id={statusId} size="sm" c={signed ? 'teal.9' : 'gray.8'} fw={500} aria-live="polite">
        {signed ? t('signature.signed') : t('signature.hint')}
      </Text>
    </Stack>
  );
}
