import type { ReactNode } from 'react';
import type { SheetCasualties, SheetOdds, SheetWholeCombat } from '../../../core/api/view';
import { DistributionChart } from '../combat/DistributionChart';
import { Words, type SheetHeadings } from './sheetWords';

/**
 * The casualties, one small table per side side by side: half the height of one long table, so a
 * round of a game with many units still fits on two A4 pages (issue 22).
 */
export function Casualties({ casualties }: { casualties: SheetCasualties }) {
  if (casualties.none) return <p>{casualties.none}</p>;
  return (
    <div className="sides" data-testid="sheet-casualties">
      {casualties.sides.map((side) => (
        <table key={side.role} data-testid={`sheet-casualties-${side.role}`}>
          <thead>
            <tr>
              <th>{side.name}</th>
              <th className="num" title="Wounds each">
                Wounds
              </th>
              <th className="num" title="Wounds left each">
                Left
              </th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {side.rows.map((r, i) => (
              <tr key={i} className={r.destroyed ? 'destroyed' : undefined}>
                <td>{r.models}</td>
                <td className="num">{r.wounds}</td>
                <td className="num">{r.woundsLeft}</td>
                <td>{r.status === 'destroyed' ? 'DESTROYED' : r.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** A small table of three columns, the figures right-aligned: the named chances, the whole combat's odds. */
function FiguresTable({ head, rows }: { head: readonly string[]; rows: ReadonlyArray<readonly string[]> }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((h, i) =>
            i === 0 ? (
              <th key={i} />
            ) : (
              <th key={i} className="num">
                {h}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...figures]) => (
          <tr key={label}>
            <td>{label}</td>
            {figures.map((f, i) => (
              <td key={i} className="num">
                {f}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The round's odds: its chart and result, beside them the facts table with, under it, `aside` (the whole combat's line for a one-round fight) and the "at least" line — in the room the chart leaves. */
export function OddsBlock({ odds, Sub, aside }: { odds: SheetOdds; Sub: SheetHeadings['Sub']; aside?: ReactNode }) {
  const { distribution: d } = odds;
  const notes = (
    <>
      {aside}
      {odds.atLeast && (
        <p className="why" data-testid="sheet-at-least">
          {odds.atLeast}
        </p>
      )}
    </>
  );
  return (
    // Kept whole: the heading, the chart with its result and, beside them, the facts table (side
    // by side they take half the height, so a one-round combat still fits on two A4 pages).
    <>
      <section className="keep" data-testid="sheet-odds">
        <Sub>{odds.heading}</Sub>
        <div className={odds.facts ? 'odds-grid' : undefined}>
          <div>
            <div className="chart">
              {/* At the end of a combat the only filled bar is the actual result: filled versus outlined reads in black and white. */}
              <DistributionChart
                before={d.before}
                now={d.now}
                label={d.measure}
                offset={d.offset}
                height={100}
                interactive={false}
                {...(d.actual !== null ? { highlight: d.actual } : {})}
              />
            </div>
            <p className="odds-result">
              <Words parts={odds.result} />
            </p>
            <p className="why">{odds.key}</p>
          </div>
          {odds.facts && (
            <div>
              <FiguresTable head={odds.facts.head} rows={odds.facts.rows} />
              {notes}
            </div>
          )}
        </div>
      </section>
      {/* Without a facts table, after the block kept whole, in small type: the lines may run on where the page has room. */}
      {!odds.facts && notes}
    </>
  );
}

/** The whole combat's odds before any die and where it ended (estimates marked ≈ ±), one row per outcome. */
export function WholeCombatBlock({ whole, Sub }: { whole: SheetWholeCombat; Sub: SheetHeadings['Sub'] }) {
  return (
    <section className="keep" data-testid="sheet-whole-combat">
      <Sub>{whole.heading}</Sub>
      <FiguresTable head={whole.head} rows={whole.rows.map((r) => [r.label, r.start, r.end])} />
      {whole.note && <p className="why">{whole.note}</p>}
    </section>
  );
}

/** The whole combat's odds in one line, for a fight of one round. */
export function WholeCombatLine({ line }: { line: string }) {
  return (
    <p className="why" data-testid="sheet-whole-combat-line">
      {line}
    </p>
  );
}
