import { Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';
import { atLeastOf } from '../../../core/api/view';
import { HatchPattern } from './svgMarks';

const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

interface ChartProps {
  before: number[];
  now?: number[];
  label: string;
  /** Index of the bar to mark (the actual result). */
  highlight?: number;
  /** The value of bar 0 (negative for a signed measure such as a result difference). */
  offset?: number;
  /** Its height in pixels (a printed sheet draws it lower). */
  height?: number;
  /** On screen: hover, tap and keys pick a value and say its "at least" odds (print prints its own line). */
  interactive?: boolean;
}

/**
 * A bar chart of an exact distribution as SVG (sharp on screen and in print): the odds before any
 * die was rolled as outlined bars, the odds now as filled bars. Pure drawing; the numbers come
 * from the host. It is drawn at the width it is given, in pixels, so its labels stay 12 px on a
 * narrow tablet column too (a scaled drawing shrank them to 7 px); a table only screen readers
 * see says the same numbers in words, with the "at least" odds of each value.
 *
 * The scale follows the odds before any die, so a certain result (a 100% bar once the dice are
 * rolled) does not squash the rest flat: a bar taller than the scale is cut at the top and carries
 * its figure. Hovering, tapping or the arrow keys pick a value and say its "at least" odds.
 */
export function DistributionChart({
  before,
  now,
  label,
  highlight,
  offset = 0,
  height = 220,
  interactive = true,
}: ChartProps) {
  const { ref, width: measured } = useElementSize();
  // Before the first measure (and where nothing lays it out) the drawing has its old 600 px.
  const scale = chartScale(before, now, measured > 0 ? Math.round(measured) : 600, height);
  const { n, width, left, plotW } = scale;
  const [picked, pick, onKey] = usePickedBar(n);
  const tails = { before: atLeastOf(before), now: now ? atLeastOf(now) : null };
  const atLeastText = (k: number) =>
    `At least ${k + offset}: ${percent(tails.before[k] ?? 0)} before any dice${tails.now ? `, ${percent(tails.now[k] ?? 0)} now` : ''}`;
  return (
    <div ref={ref} style={{ width: '100%' }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`${label}: bar chart; the table that follows gives each value's odds and "at least" odds`}
        data-testid="distribution-chart"
        style={{ display: 'block', maxWidth: '100%' }}
        tabIndex={interactive ? 0 : undefined}
        onKeyDown={interactive ? onKey : undefined}
        // Only a mouse lets go by leaving: a finger leaves as it lifts, and the figure it tapped must stay.
        onPointerLeave={(e) => e.pointerType === 'mouse' && pick(null)}
      >
        <title>{label}</title>
        <defs>
          <HatchPattern id="actual-hatch" size={6} ground="#e03131" stroke={2.5} />
        </defs>
        <ChartGrid scale={scale} />
        {Array.from({ length: n }, (_, k) => (
          <ChartBar
            key={k}
            k={k}
            scale={scale}
            before={before[k] ?? 0}
            now={now ? (now[k] ?? 0) : null}
            value={k + offset}
            highlighted={k === highlight}
            picked={k === picked}
            title={atLeastText(k)}
            onPick={() => pick(k)}
          />
        ))}
        <text x={left + plotW / 2} y={height - 4} fontSize="13" textAnchor="middle" fill="#212529">
          {label}
        </text>
      </svg>
      {interactive && (
        <Text size="md" mih={24} data-testid="chart-at-least" aria-live="polite">
          {picked === null ? 'Point at or tap a bar for the odds of at least that value.' : atLeastText(picked)}
        </Text>
      )}
      <OddsTable before={before} now={now} label={label} highlight={highlight} offset={offset} tails={tails} />
    </div>
  );
}

/** Where things go: the plot inside its margins, the bars' slots, the scale's top and its value labels. */
interface ChartScale {
  n: number;
  max: number;
  width: number;
  height: number;
  left: number;
  bottom: number;
  plotW: number;
  plotH: number;
  slot: number;
  bar: number;
  y: (p: number) => number;
  /** A value label every so many bars. */
  every: number;
}

function chartScale(
  before: readonly number[],
  now: readonly number[] | undefined,
  width: number,
  height: number,
): ChartScale {
  const n = Math.max(before.length, now?.length ?? 0);
  const beforeMax = Math.max(...before, 1e-9);
  const nowMax = Math.max(...(now ?? []), 0);
  // A now-bar far above the odds before (a certain result) is cut at the top rather than squashing the rest.
  const max = nowMax > beforeMax * 1.6 ? beforeMax * 1.25 : Math.max(beforeMax, nowMax);
  const left = 44;
  const bottom = 34;
  const plotW = width - left - 8;
  const plotH = height - bottom - 10;
  const slot = plotW / Math.max(n, 1);
  const y = (p: number) => 10 + plotH - (Math.min(p, max) / max) * plotH;
  // A value label every so many bars, at least 26 px apart so they never run together.
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / 26))));
  return { n, max, width, height, left, bottom, plotW, plotH, slot, bar: Math.max(2, slot * 0.7), y, every };
}

/** The bar picked by hovering, tapping or the arrow keys (Escape lets go). */
function usePickedBar(n: number) {
  const [picked, setPicked] = useState<number | null>(null);
  const pick = (k: number | null) => setPicked(k === null ? null : Math.max(0, Math.min(n - 1, k)));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') pick((picked ?? -1) + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') pick((picked ?? n) - 1);
    else if (e.key === 'Escape') pick(null);
    else return;
    e.preventDefault();
  };
  return [picked, pick, onKey] as const;
}

/** The scale's lines at 0, half and the top, with their percentages. */
function ChartGrid({ scale: { max, left, width, y } }: { scale: ChartScale }) {
  return (
    <>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={left} x2={width - 8} y1={y(max * f)} y2={y(max * f)} stroke="#dee2e6" />
          <text x={left - 6} y={y(max * f) + 4} fontSize="12" textAnchor="end" fill="#495057">
            {Math.round(max * f * 100)}%
          </text>
        </g>
      ))}
    </>
  );
}

/** One value's column: the whole column a target to tap, the bar now, the bar before, its value label. */
function ChartBar({
  k,
  scale,
  before: pb,
  now: pn,
  value,
  highlighted,
  picked,
  title,
  onPick,
}: {
  k: number;
  scale: ChartScale;
  before: number;
  now: number | null;
  value: number;
  highlighted: boolean;
  picked: boolean;
  title: string;
  onPick: () => void;
}) {
  const { left, slot, bar, plotH, y, max, height, bottom, every } = scale;
  const x = left + k * slot + (slot - bar) / 2;
  return (
    // A finger picks as it touches (pointerdown), whether or not the browser then makes the touch a
    // click (a finger that moves a little makes none); a mouse picks by pointing; a click picks too.
    <g
      onPointerDown={onPick}
      onPointerEnter={(e) => e.pointerType === 'mouse' && onPick()}
      onClick={onPick}
      data-testid="chart-bar"
    >
      <title>{title}</title>
      {/* The whole column is the target: large enough to tap. */}
      <rect x={left + k * slot} y={10} width={slot} height={plotH} fill={picked ? '#e7f5ff' : 'transparent'} />
      {pn !== null && pn > 0 && (
        <rect
          x={x}
          y={y(pn)}
          width={bar}
          height={10 + plotH - y(pn)}
          // The actual result is marked by shape as well as colour, so it reads in black and white.
          fill={highlighted ? 'url(#actual-hatch)' : '#4263eb'}
          stroke={highlighted ? '#000' : 'none'}
          strokeWidth={highlighted ? 2.5 : 0}
        />
      )}
      {pn !== null && pn > max && <CutFigure x={x + bar / 2} p={pn} />}
      {highlighted && <ActualMark x={x + bar / 2} y={Math.max(12, y(Math.max(pn ?? 0, pb)) - 6)} />}
      {pb > 0 && (
        <rect
          x={x}
          y={y(pb)}
          width={bar}
          height={10 + plotH - y(pb)}
          fill="none"
          stroke="#212529"
          strokeWidth={1.5}
          strokeDasharray={pn !== null ? '4 2' : undefined}
        />
      )}
      {value % every === 0 && (
        <text x={x + bar / 2} y={height - bottom + 16} fontSize="12" textAnchor="middle" fill="#212529">
          {value}
        </text>
      )}
    </g>
  );
}

/** The figure of a bar cut at the top: inside it, clear of the "actual" mark above it; outlined, so it reads on the hatching. */
function CutFigure({ x, p }: { x: number; p: number }) {
  return (
    <text
      x={x}
      y={28}
      fontSize="12"
      fontWeight="bold"
      textAnchor="middle"
      fill="#fff"
      stroke="#000"
      strokeWidth={3}
      paintOrder="stroke"
      data-testid="chart-cut"
    >
      {Math.round(p * 100)}%
    </text>
  );
}

/** "▼ actual" over the bar of the result. */
function ActualMark({ x, y }: { x: number; y: number }) {
  return (
    <text x={x} y={y} fontSize="12" fontWeight="bold" textAnchor="middle" fill="#000" data-testid="chart-actual">
      ▼ actual
    </text>
  );
}

/** The same numbers in words for a screen reader: each value's odds and "at least" odds, before and now. */
function OddsTable({
  before,
  now,
  label,
  highlight,
  offset,
  tails,
}: Pick<ChartProps, 'before' | 'now' | 'label' | 'highlight'> & {
  offset: number;
  tails: { before: number[]; now: number[] | null };
}) {
  const n = Math.max(before.length, now?.length ?? 0);
  return (
    <VisuallyHidden>
      <table data-testid="distribution-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">Odds before any dice</th>
            {now && <th scope="col">Odds now</th>}
            <th scope="col">At least this, before any dice</th>
            {now && <th scope="col">At least this, now</th>}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: n }, (_, k) => k)
            .filter((k) => (before[k] ?? 0) > 0 || (now?.[k] ?? 0) > 0)
            .map((k) => (
              <tr key={k}>
                <th scope="row">
                  {k + offset}
                  {k === highlight ? ' (actual)' : ''}
                </th>
                <td>{percent(before[k] ?? 0)}</td>
                {now && <td>{percent(now[k] ?? 0)}</td>}
                <td>{percent(tails.before[k] ?? 0)}</td>
                {tails.now && <td>{percent(tails.now[k] ?? 0)}</td>}
              </tr>
            ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
