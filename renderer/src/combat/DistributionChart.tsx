import { Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState, type KeyboardEvent } from 'react';
import { atLeastOf } from '../../../core/api/view';

const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

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
}: {
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
}) {
  const { ref, width: measured } = useElementSize();
  const [picked, setPicked] = useState<number | null>(null);
  const n = Math.max(before.length, now?.length ?? 0);
  const beforeMax = Math.max(...before, 1e-9);
  const nowMax = Math.max(...(now ?? []), 0);
  // A now-bar far above the odds before (a certain result) is cut at the top rather than squashing the rest.
  const max = nowMax > beforeMax * 1.6 ? beforeMax * 1.25 : Math.max(beforeMax, nowMax);
  const tailsBefore = atLeastOf(before);
  const tailsNow = now ? atLeastOf(now) : null;
  const pick = (k: number | null) => setPicked(k === null ? null : Math.max(0, Math.min(n - 1, k)));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') pick((picked ?? -1) + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') pick((picked ?? n) - 1);
    else if (e.key === 'Escape') pick(null);
    else return;
    e.preventDefault();
  };
  const atLeastText = (k: number) =>
    `At least ${k + offset}: ${percent(tailsBefore[k] ?? 0)} before any dice${tailsNow ? `, ${percent(tailsNow[k] ?? 0)} now` : ''}`;
  // Before the first measure (and where nothing lays it out) the drawing has its old 600 px.
  const width = measured > 0 ? Math.round(measured) : 600;
  const left = 44;
  const bottom = 34;
  const plotW = width - left - 8;
  const plotH = height - bottom - 10;
  const slot = plotW / Math.max(n, 1);
  const bar = Math.max(2, slot * 0.7);
  const y = (p: number) => 10 + plotH - (Math.min(p, max) / max) * plotH;
  // A value label every so many bars, at least 26 px apart so they never run together.
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / 26))));

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
        onMouseLeave={() => setPicked(null)}
      >
        <title>{label}</title>
        <defs>
          <pattern id="actual-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#e03131" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#000" strokeWidth="2.5" />
          </pattern>
        </defs>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={left} x2={width - 8} y1={y(max * f)} y2={y(max * f)} stroke="#dee2e6" />
            <text x={left - 6} y={y(max * f) + 4} fontSize="12" textAnchor="end" fill="#495057">
              {Math.round(max * f * 100)}%
            </text>
          </g>
        ))}
        {Array.from({ length: n }, (_, k) => {
          const x = left + k * slot + (slot - bar) / 2;
          const pb = before[k] ?? 0;
          const pn = now?.[k] ?? 0;
          return (
            <g key={k} onMouseEnter={() => pick(k)} onClick={() => pick(k)} data-testid="chart-bar">
              <title>{atLeastText(k)}</title>
              {/* The whole column is the target: large enough to tap. */}
              <rect
                x={left + k * slot}
                y={10}
                width={slot}
                height={plotH}
                fill={k === picked ? '#e7f5ff' : 'transparent'}
              />
              {now && pn > 0 && (
                <rect
                  x={x}
                  y={y(pn)}
                  width={bar}
                  height={10 + plotH - y(pn)}
                  // The actual result is marked by shape as well as colour, so it reads in black and white.
                  fill={k === highlight ? 'url(#actual-hatch)' : '#4263eb'}
                  stroke={k === highlight ? '#000' : 'none'}
                  strokeWidth={k === highlight ? 2.5 : 0}
                />
              )}
              {now && pn > max && (
                // Inside the cut bar, clear of the "actual" mark above it; outlined, so it reads on the hatching.
                <text
                  x={x + bar / 2}
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
                  {Math.round(pn * 100)}%
                </text>
              )}
              {k === highlight && (
                <text
                  x={x + bar / 2}
                  y={Math.max(12, y(Math.max(pn, pb)) - 6)}
                  fontSize="12"
                  fontWeight="bold"
                  textAnchor="middle"
                  fill="#000"
                  data-testid="chart-actual"
                >
                  ▼ actual
                </text>
              )}
              {pb > 0 && (
                <rect
                  x={x}
                  y={y(pb)}
                  width={bar}
                  height={10 + plotH - y(pb)}
                  fill="none"
                  stroke="#212529"
                  strokeWidth={1.5}
                  strokeDasharray={now ? '4 2' : undefined}
                />
              )}
              {(k + offset) % every === 0 && (
                <text x={x + bar / 2} y={height - bottom + 16} fontSize="12" textAnchor="middle" fill="#212529">
                  {k + offset}
                </text>
              )}
            </g>
          );
        })}
        <text x={left + plotW / 2} y={height - 4} fontSize="13" textAnchor="middle" fill="#212529">
          {label}
        </text>
      </svg>
      {interactive && (
        <Text size="md" mih={24} data-testid="chart-at-least" aria-live="polite">
          {picked === null ? 'Point at or tap a bar for the odds of at least that value.' : atLeastText(picked)}
        </Text>
      )}
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
                  <td>{percent(tailsBefore[k] ?? 0)}</td>
                  {tailsNow && <td>{percent(tailsNow[k] ?? 0)}</td>}
                </tr>
              ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}
