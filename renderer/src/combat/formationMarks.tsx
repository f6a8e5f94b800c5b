import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ModelView } from '../../../core/api/view';
import { CasualtySquare, HatchPattern } from './svgMarks';

/**
 * The marks of the picture of a formation (FormationPicture), drawn in black on white so they
 * read the same printed or on a grey screen: shape, fill, dashes and crosses, never colour alone.
 */

export type Engagement = NonNullable<ModelView['engagement']>;

export const engagementWords: Record<Engagement, string> = {
  contact: 'base contact',
  firefight: 'firefight',
  none: 'not engaged',
  support: 'supporting fire',
};

const LANE_W = 92;
const LANE_H = 26;
const TOKEN = 18;
/** Where the token stands in its lane: touching the enemy, within 15cm of it, further back. */
const tokenX: Record<Engagement, number> = { contact: LANE_W - 8 - TOKEN, firefight: 34, none: 2, support: 2 };

/**
 * One unit's lane: the enemy is the hatched bar on the right; the unit's square touches it in base
 * contact, fires at it from a gap in a firefight (a dashed line), stands far back when not engaged.
 * Supporting fire from another formation fires from far back over a dotted line. A destroyed
 * unit's square is hollow and crossed.
 */
export function Lane({
  engagement,
  destroyed,
  patternId,
}: {
  engagement: Engagement;
  destroyed: boolean;
  patternId: string;
}) {
  const x = tokenX[engagement];
  const y = (LANE_H - TOKEN) / 2;
  const fires = !destroyed && (engagement === 'firefight' || engagement === 'support');
  return (
    <svg
      width={LANE_W}
      height={LANE_H}
      viewBox={`0 0 ${LANE_W} ${LANE_H}`}
      aria-hidden
      style={{ flex: 'none', display: 'block' }}
    >
      <rect x={LANE_W - 8} y={0} width={8} height={LANE_H} fill={`url(#${patternId})`} stroke="black" strokeWidth={1} />
      <line x1={0} y1={LANE_H - 0.5} x2={LANE_W - 8} y2={LANE_H - 0.5} stroke="#999" strokeWidth={1} />
      {fires && (
        <line
          x1={x + TOKEN + 2}
          y1={LANE_H / 2}
          x2={LANE_W - 10}
          y2={LANE_H / 2}
          stroke="black"
          strokeWidth={2}
          strokeDasharray={engagement === 'support' ? '1 3' : '4 3'}
          strokeLinecap="round"
        />
      )}
      {destroyed ? (
        <CasualtySquare x={x} y={y} size={TOKEN} ink="#444" />
      ) : engagement === 'support' ? (
        <path
          d={`M${x + TOKEN / 2} ${y} L${x + TOKEN} ${y + TOKEN / 2} L${x + TOKEN / 2} ${y + TOKEN} L${x} ${y + TOKEN / 2} Z`}
          fill="#222"
          stroke="black"
          strokeWidth={1.5}
        />
      ) : (
        <rect
          x={x}
          y={y}
          width={TOKEN}
          height={TOKEN}
          fill={engagement === 'none' ? 'white' : '#222'}
          stroke="black"
          strokeWidth={2}
        />
      )}
    </svg>
  );
}

/** The enemy bar's hatching, defined once per picture. */
export function Hatching({ id }: { id: string }) {
  return (
    <svg width={0} height={0} aria-hidden style={{ position: 'absolute' }}>
      <defs>
        <HatchPattern id={id} size={5} ground="white" />
      </defs>
    </svg>
  );
}

const PIP = 12;
const MAX_PIPS = 10;

/** One mark per hit taken in the assault: ● not saved, ○ saved, a dashed ring still waiting for its save. */
export function HitPips({ taken, saved, pending }: { taken: number; saved: number; pending: number }) {
  if (taken === 0) return null;
  const failed = Math.max(0, taken - saved - pending);
  const marks: Array<'failed' | 'saved' | 'pending'> = [
    ...Array<'failed'>(failed).fill('failed'),
    ...Array<'pending'>(pending).fill('pending'),
    ...Array<'saved'>(saved).fill('saved'),
  ];
  const shown = marks.slice(0, MAX_PIPS);
  return (
    <svg
      width={shown.length * (PIP + 2)}
      height={PIP + 2}
      viewBox={`0 0 ${shown.length * (PIP + 2)} ${PIP + 2}`}
      aria-hidden
      style={{ flex: 'none' }}
    >
      {shown.map((m, i) => (
        <circle
          key={i}
          cx={i * (PIP + 2) + PIP / 2 + 1}
          cy={PIP / 2 + 1}
          r={PIP / 2 - 1}
          fill={m === 'failed' ? 'black' : 'white'}
          stroke="black"
          strokeWidth={m === 'pending' ? 1.5 : 2}
          strokeDasharray={m === 'pending' ? '2 2' : undefined}
        />
      ))}
    </svg>
  );
}

/** "3 hits: 1 saved, 1 waiting for its save". */
export function hitsWords({ taken, saved, pending }: { taken: number; saved: number; pending: number }): string {
  if (taken === 0) return 'no hits';
  const parts = [saved > 0 && `${saved} saved`, pending > 0 && `${pending} to save`].filter(Boolean);
  return `${taken} ${taken === 1 ? 'hit' : 'hits'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/** A war engine's damage capacity as boxes: filled while left, crossed once lost. */
export function DamageBoxes({ wounds, left }: { wounds: number; left: number }) {
  const size = 13;
  return (
    <svg
      width={wounds * (size + 2)}
      height={size + 2}
      viewBox={`0 0 ${wounds * (size + 2)} ${size + 2}`}
      aria-hidden
      style={{ flex: 'none' }}
    >
      {Array.from({ length: wounds }, (_, i) => {
        const x = i * (size + 2) + 1;
        return i < left ? (
          <rect key={i} x={x} y={1} width={size} height={size} fill="#222" stroke="black" strokeWidth={1.5} />
        ) : (
          <g key={i}>
            <rect x={x} y={1} width={size} height={size} fill="white" stroke="black" strokeWidth={1.5} />
            <path
              d={`M${x + 2} 3 L${x + size - 2} ${size - 1} M${x + size - 2} 3 L${x + 2} ${size - 1}`}
              stroke="black"
              strokeWidth={1.5}
            />
          </g>
        );
      })}
    </svg>
  );
}

const MAX_MARKERS = 12;

/** Blast markers as black bursts, with their number in words beside them. */
export function BlastMarkers({ count }: { count: number }) {
  const r = 8;
  const shown = Math.min(count, MAX_MARKERS);
  const burst = (cx: number) => {
    const points = Array.from({ length: 16 }, (_, k) => {
      const a = (Math.PI * k) / 8;
      const rr = k % 2 === 0 ? r : r * 0.5;
      return `${(cx + rr * Math.sin(a)).toFixed(1)},${(r + 1 - rr * Math.cos(a)).toFixed(1)}`;
    });
    return <polygon key={cx} points={points.join(' ')} fill="black" />;
  };
  return (
    <Group gap={6} wrap="nowrap">
      {shown > 0 && (
        <svg
          width={shown * (2 * r + 2)}
          height={2 * r + 2}
          viewBox={`0 0 ${shown * (2 * r + 2)} ${2 * r + 2}`}
          aria-hidden
          style={{ flex: 'none' }}
        >
          {Array.from({ length: shown }, (_, i) => burst(i * (2 * r + 2) + r + 1))}
        </svg>
      )}
      <Text fw={700}>
        {count} Blast {count === 1 ? 'marker' : 'markers'}
        {count > shown ? ` (${MAX_MARKERS} drawn)` : ''}
      </Text>
    </Group>
  );
}

/** The key to the marks, once under the pictures. */
export function FormationKey({ patternId }: { patternId: string }) {
  const item = (mark: ReactNode, words: string) => (
    <Group gap={6} wrap="nowrap">
      {mark}
      <Text size="sm">{words}</Text>
    </Group>
  );
  return (
    <Group gap="xs" wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-md)' }} data-testid="formation-key">
      <Text size="sm" fw={700}>
        Key:
      </Text>
      {item(<Lane engagement="contact" destroyed={false} patternId={patternId} />, 'base contact (hatched: the enemy)')}
      {item(<Lane engagement="firefight" destroyed={false} patternId={patternId} />, 'firefight, within 15cm')}
      {item(<Lane engagement="none" destroyed={false} patternId={patternId} />, 'not directly engaged')}
      {item(<Lane engagement="contact" destroyed patternId={patternId} />, 'destroyed')}
      {item(<HitPips taken={3} saved={1} pending={1} />, 'hits: ● not saved, ○ saved, dashed: to save')}
      {item(<DamageBoxes wounds={3} left={2} />, 'war engine: damage capacity left')}
    </Group>
  );
}
