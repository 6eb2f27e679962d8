import type { DrawOp, Drawing } from './drawing.ts';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function Op({ op }: { op: DrawOp }) {
  switch (op.type) {
    case 'circle':
      return (
        <circle
          cx={op.cx}
          cy={op.cy}
          r={op.r}
          fill={op.fill ?? 'none'}
          stroke={op.stroke}
          strokeWidth={op.stroke ? op.width : undefined}
          strokeDasharray={op.dash?.join(' ')}
        />
      );
    case 'path':
      return (
        <path
          d={op.d}
          fill={op.fill ?? 'none'}
          stroke={op.stroke}
          strokeWidth={op.stroke ? op.width : undefined}
          strokeLinejoin="round"
          strokeLinecap="round"
          transform={`translate(${op.x ?? 0} ${op.y ?? 0}) scale(${op.scale ?? 1})`}
        />
      );
    case 'text':
      return (
        <text
          x={op.x}
          y={op.y}
          fill={op.fill}
          fontSize={op.fontSize}
          fontWeight={700}
          fontFamily={FONT}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {op.text}
        </text>
      );
  }
}

/** A drawing as inline SVG, decorative unless given a label. */
export function DrawingSvg({ drawing, size, label }: { drawing: Drawing; size: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      opacity={drawing.opacity}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      style={{ flex: 'none', display: 'block' }}
    >
      {drawing.ops.map((op, i) => (
        <Op key={i} op={op} />
      ))}
    </svg>
  );
}
