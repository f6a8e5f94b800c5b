import type { ReactNode } from 'react';
import {
  atLeastText,
  casualtyRows,
  type CombatView,
  estimatedFiguresNote,
  extraLines,
  fixed2,
  resultAfterChoice,
  luckSentence,
  percent,
  type Summary,
  type SummaryOdds,
  type SummarySide,
  type SummaryStep,
  type UnitView,
  wholeCombatLine,
  wholeCombatRows,
} from '../../../core/api/view';
import { DistributionChart } from '../combat/DistributionChart';
import { RankDiagram, RankLegend } from '../combat/RankDiagram';
import { when } from '../history/format';
import type { StepLog } from './paper';

/**
 * One stored combat as a printed sheet: header with both sides and their profiles, every step,
 * the outcome, the casualties and the odds. Plain tables and black text, so it reads the same on
 * a black-and-white printer; nothing depends on colour.
 */
export function CombatSheet({
  summary,
  view,
  inReport = false,
  steps = 'full',
}: {
  summary: Summary;
  view?: CombatView | undefined;
  inReport?: boolean;
  steps?: StepLog;
}) {
  const Heading = inReport ? 'h2' : 'h1';
  const Sub = inReport ? 'h3' : 'h2';
  // The seed only matters where the app rolled: a combat of dice all entered replays without it.
  const rolled = summary.steps.some((s) => s.rolledBy === 'rolled');
  const whole = summary.wholeCombat;
  const oneRoundWhole = whole && roundsIn(summary.steps) <= 1 && (
    <p className="why" data-testid="sheet-whole-combat-line">
      {wholeCombatLine(whole.start, whole.end, summary.finished)}
      {(!whole.start.exact || !whole.end.exact) && ' ≈: estimated from seeded play-outs, ± one standard error.'}
    </p>
  );
  return (
    <article className="combat-sheet" data-testid="combat-sheet">
      <Heading>{summary.title}</Heading>
      <p className="muted">
        {summary.system.name} · {when(summary.startedAt)} · {summary.finished ? 'finished' : 'unfinished'}
        {rolled && <> · seed {summary.seed}</>}
      </p>
      <div className="sides">
        <SideBox side={summary.sides.attacker} units={view?.sides.attacker.units} finished={summary.finished} />
        <SideBox side={summary.sides.defender} units={view?.sides.defender.units} finished={summary.finished} />
      </div>
      {view && <RankKey view={view} />}

      <Sub>Outcome</Sub>
      <div className="box" data-testid="sheet-outcome">
        {summary.outcome ? (
          <ul>
            {summary.outcome.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>Unfinished: the combat waits at “{summary.pending ?? 'the next step'}”.</p>
        )}
        {summary.winner && (
          <p>
            <b>Winner:</b> {summary.winner === 'draw' ? 'a draw' : summary.sides[summary.winner].name}
          </p>
        )}
      </div>

      {steps !== 'none' && (
        <>
          <Sub>Steps</Sub>
          {summary.steps.length === 0 ? (
            <p>No step was taken.</p>
          ) : steps === 'full' ? (
            <StepsTable steps={summary.steps} />
          ) : (
            <CompactSteps steps={summary.steps} />
          )}
        </>
      )}

      <Sub>Casualties and wounds left</Sub>
      <Casualties sides={[summary.sides.attacker, summary.sides.defender]} />

      {/* The odds last: the steps flow on from the first page, and the chart (kept whole) does not
          leave half a page blank before them — a one-round combat fits on two A4 pages. */}
      {summary.odds && (
        <OddsBlock
          odds={summary.odds}
          Sub={Sub}
          names={{ attacker: summary.sides.attacker.name, defender: summary.sides.defender.name }}
          aside={oneRoundWhole}
        />
      )}
      {!summary.odds && summary.oddsUnavailable && (
        <p data-testid="sheet-odds-unavailable">{summary.oddsUnavailable}</p>
      )}
      {/* The whole combat's odds on paper: a table for a fight of more than one round, one line for a fight of one (its
          round's odds above tell the rest, and a round keeps to two A4 pages); the Markdown and the screen give the table. */}
      {summary.wholeCombat && roundsIn(summary.steps) > 1 && (
        <WholeCombatBlock whole={summary.wholeCombat} finished={summary.finished} Sub={Sub} />
      )}
      {!summary.odds && oneRoundWhole}
    </article>
  );
}

/** The key to the rank diagrams' squares and the rank bonus rule, once under both sides. */
function RankKey({ view }: { view: CombatView }) {
  const units = [...view.sides.attacker.units, ...view.sides.defender.units];
  const rankRule = units.find((u) => u.formation)?.formation?.rankRule;
  if (rankRule === undefined) return null;
  return (
    <div className="ranks">
      <RankLegend rankRule={rankRule} />
    </div>
  );
}

/**
 * One side: its name, roster and profiles; in a ranks game (units with a formation, given the
 * combat's last view) each unit's rank diagram as it stands at the end, casualties crossed out.
 */
function SideBox({
  side,
  units,
  finished,
}: {
  side: SummarySide;
  units?: readonly UnitView[] | undefined;
  finished: boolean;
}) {
  const ranked = (units ?? []).filter((u) => u.formation);
  return (
    <section className="box keep" data-testid={`sheet-${side.role}`}>
      <b>{side.role === 'attacker' ? 'Attacker' : 'Defender'}:</b> {side.name}
      {side.roster && <div className="muted">Roster: {side.roster.name}</div>}
      <ul>
        {side.profile.map((p, i) => (
          <li key={i}>
            <b>{p.label}:</b> {p.text}
          </li>
        ))}
      </ul>
      {ranked.length > 0 && (
        <div className="ranks" data-testid="sheet-ranks">
          <div className="muted">{finished ? 'At the end:' : 'So far:'}</div>
          {ranked.map(
            (unit) => unit.formation && <RankDiagram key={unit.name} unit={unit} formation={unit.formation} />,
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The step log for the table: one line a roll — who, what, what it needed, the dice, what came of
 * it — and a round's result with its arithmetic set across the page. The reasons behind each
 * roll's target and behind each choice are left to the full log ("Steps in full"): the compact log
 * is the table's record, one line a step where it can be.
 */
/**
 * The compact log's rows: what the rules did by themselves right after a roll (the casualties of an
 * Agility or Initiative step removed) is said in that roll's row, not in a row of its own.
 */
function compactRows(steps: readonly SummaryStep[]): SummaryStep[] {
  const rows: SummaryStep[] = [];
  for (const s of steps) {
    const last = rows.at(-1);
    if (s.kind === 'auto' && !s.dice && last?.kind === 'roll' && extraLines(s).length === 0) {
      rows[rows.length - 1] = { ...last, result: `${last.result} · ${s.title}: ${s.result}` };
    } else rows.push(s);
  }
  return rows;
}

/** A compact row whose result runs across the dice column too (a choice, a round's result worked out). */
function WideRow({ step, children }: { step: SummaryStep; children: ReactNode }) {
  return (
    <tr>
      <td className="num">{step.n}</td>
      <td>{step.actorName ?? '—'}</td>
      <td>{step.title}</td>
      <td colSpan={2} data-testid="sheet-step-wide">
        {children}
      </td>
    </tr>
  );
}

function CompactSteps({ steps }: { steps: SummaryStep[] }) {
  return (
    <table data-testid="sheet-steps" data-log="compact" className="compact-steps">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>Who</th>
          <th>Step, and what it needs</th>
          <th>Dice</th>
          <th>Result</th>
        </tr>
      </thead>
      <tbody>
        {compactRows(steps).map((s) => {
          const lines = extraLines(s);
          if (s.kind === 'outcome' && lines.length > 0 && !s.dice && !s.needs) {
            return (
              <WideRow key={s.n} step={s}>
                {s.result}
                {lines.map((line, i) => (
                  <span key={i} className={/^\s{2,}/.test(line) ? 'why set-in' : 'why'}>
                    {line.trim()}
                  </span>
                ))}
              </WideRow>
            );
          }
          const result = resultAfterChoice(s);
          if (s.kind === 'choose') {
            // A choice: what was chosen, across the page. What the player weighed (the odds per
            // target, a round's whole Combat Score) made rows of twenty lines: it is in the full log.
            return (
              <WideRow key={s.n} step={s}>
                {s.choice && <b>Chose: {s.choice}</b>}
                {result && <> · {result}</>}
              </WideRow>
            );
          }
          return (
            <tr key={s.n}>
              <td className="num">{s.n}</td>
              <td>{s.actorName ?? '—'}</td>
              {/* What the dice needed goes with the step's name: a long chain of needs ("to hit 3+, to wound
                  2+, armour 5+…") reads across the widest column, not down a narrow one. */}
              <td>
                {s.title}
                {s.needs && (
                  <>
                    {' — '}
                    <b>{s.needs}</b>
                  </>
                )}
              </td>
              <td>
                {s.dice ? (
                  s.typed ? (
                    <>
                      <Dice dice={s.typed} compact /> → <Dice dice={s.dice} compact />
                    </>
                  ) : (
                    <Dice dice={s.dice} compact />
                  )
                ) : (
                  ''
                )}
                {s.rolledBy === 'rolled' ? ' (app)' : ''}
              </td>
              <td>
                {s.choice && (
                  <>
                    <b>Chose: {s.choice}</b> <br />
                  </>
                )}
                {result}
                {lines.length > 0 && ` · ${lines.map((l) => l.trim()).join(' · ')}`}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function StepsTable({ steps }: { steps: SummaryStep[] }) {
  return (
    <table data-testid="sheet-steps">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>Who</th>
          <th>Step</th>
          <th>Needs, and why</th>
          <th>Dice</th>
          <th>Result</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s) => {
          const result = (
            <>
              {s.choice && (
                <>
                  <b>Chose: {s.choice}</b> <br />
                </>
              )}
              {resultAfterChoice(s)}
              {extraLines(s).map((line, i) => (
                // A line set in under another explains it (a bonus and its reason), as on screen.
                <span key={i} className={/^\s{2,}/.test(line) ? 'why set-in' : 'why'}>
                  {line.trim()}
                </span>
              ))}
            </>
          );
          // An outcome with lines of arithmetic (a combat result) reads across the page, not down the narrow Result column.
          const wide = s.kind === 'outcome' && extraLines(s).length > 0 && !s.dice && !s.needs;
          return (
            <tr key={s.n}>
              <td className="num">{s.n}</td>
              <td>{s.actorName ?? '—'}</td>
              <td>{s.title}</td>
              {wide ? (
                <td colSpan={3} data-testid="sheet-step-wide">
                  {result}
                </td>
              ) : (
                <>
                  <td>
                    {s.needs && <b>{s.needs}</b>}
                    {s.why.map((r, i) => (
                      <span key={i} className="why">
                        {r.detail}
                      </span>
                    ))}
                  </td>
                  <td>
                    {s.dice ? (
                      s.typed ? (
                        <>
                          <Dice dice={s.typed} /> → <Dice dice={s.dice} />
                        </>
                      ) : (
                        <Dice dice={s.dice} />
                      )
                    ) : (
                      '—'
                    )}
                    {s.typed && <span className="why">D6s halved for the D3s</span>}
                    {(s.successes !== null || s.criticals !== null) && (
                      <span className="why">
                        {[
                          s.successes !== null && `${s.successes} passed`,
                          s.criticals !== null && `${s.criticals} critical`,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </span>
                    )}
                    {s.rolledBy === 'rolled' && <span className="why">rolled by the app</span>}
                  </td>
                  <td>{result}</td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A roll's dice in runs of six, each kept on one line ("1 2 3 4 5 6 · 1 2 3 4"). */
/** More dice than this in the compact log print as a count per face: a line, not a block of 48. */
const COMPACT_DICE = 12;

/** "1×8 2×7 3×9 4×9 5×7 6×8": how many of each face, the way a table reads a big roll. */
function DiceTally({ dice }: { dice: readonly number[] }) {
  const faces = [...new Set(dice)].sort((a, b) => a - b);
  return (
    <span className="dice" data-testid="sheet-dice-tally">
      {dice.length} dice: {faces.map((f) => `${f}×${dice.filter((d) => d === f).length}`).join(' ')}
    </span>
  );
}

function Dice({ dice, compact = false }: { dice: readonly number[]; compact?: boolean }) {
  if (compact && dice.length > COMPACT_DICE) return <DiceTally dice={dice} />;
  const runs = Array.from({ length: Math.ceil(dice.length / 6) }, (_, i) => dice.slice(6 * i, 6 * i + 6).join(' '));
  return (
    <span className="dice">
      {runs.map((run, i) => (
        <span key={i}>
          {i > 0 && ' '}
          <span className="dice-run">{run}</span>
        </span>
      ))}
    </span>
  );
}

/**
 * The casualties, one small table per side side by side: half the height of one long table, so a
 * round of a game with many units still fits on two A4 pages (issue 22).
 */
function Casualties({ sides }: { sides: SummarySide[] }) {
  const rows = sides.map((side) => casualtyRows([side]));
  if (rows.every((r) => r.length === 0)) return <p>No models were at risk.</p>;
  return (
    <div className="sides" data-testid="sheet-casualties">
      {sides.map((side, s) => (
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
            {rows[s]!.map((r, i) => (
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

/** The round's odds: its chart and result, beside them the facts table with, under it, `aside` (the whole combat's line for a one-round fight) and the "at least" line — in the room the chart leaves. */
function OddsBlock({
  odds,
  Sub,
  names,
  aside,
}: {
  odds: SummaryOdds;
  Sub: 'h2' | 'h3';
  names: { attacker: string; defender: string };
  aside?: ReactNode;
}) {
  const atLeast = atLeastText(odds.before, odds.offset);
  const notes = (
    <>
      {aside}
      {atLeast && (
        <p className="why" data-testid="sheet-at-least">
          At least (before any die): {atLeast}.
        </p>
      )}
    </>
  );
  return (
    // Kept whole: the heading, the chart with its result and, beside them, the facts table (side
    // by side they take half the height, so a one-round combat still fits on two A4 pages).
    <>
      <section className="keep" data-testid="sheet-odds">
        <Sub>Odds and luck: {odds.measure}</Sub>
        <div className={odds.facts.length > 0 ? 'odds-grid' : undefined}>
          <div>
            <div className="chart">
              {/* At the end of a combat the only filled bar is the actual result: filled versus outlined reads in black and white. */}
              <DistributionChart
                before={odds.before}
                now={odds.now}
                label={odds.measure}
                offset={odds.offset}
                height={100}
                interactive={false}
                {...(odds.actual ? { highlight: odds.actual.index } : {})}
              />
            </div>
            <p className="odds-result">
              {odds.actual ? (
                <>
                  Result: <b>{odds.actual.value}</b> {odds.measure}. Expected before any die: {fixed2(odds.meanBefore)}.{' '}
                  {luckSentence(odds.percentile, names, true)}
                </>
              ) : (
                <>
                  Expected before any die: {fixed2(odds.meanBefore)}; now: {fixed2(odds.meanNow)}.{' '}
                  {luckSentence(odds.percentile, names, false)}
                </>
              )}
            </p>
            <p className="why">
              Outlined bars: the chances before any die was rolled. Filled bar
              {odds.actual ? ': the actual result' : 's: the chances given the dice so far'}.
            </p>
          </div>
          {odds.facts.length > 0 && (
            <div>
              <table>
                <thead>
                  <tr>
                    <th />
                    <th className="num">Before</th>
                    <th className="num">{odds.actual ? 'Result' : 'Now'}</th>
                  </tr>
                </thead>
                <tbody>
                  {odds.facts.map((f) => (
                    <tr key={f.label}>
                      <td>{f.label}</td>
                      <td className="num">{percent(f.before)}</td>
                      <td className="num">{percent(f.now)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {notes}
            </div>
          )}
        </div>
      </section>
      {/* Without a facts table, after the block kept whole, in small type: the lines may run on where the page has room. */}
      {odds.facts.length === 0 && notes}
    </>
  );
}

/** The rounds a printed combat went: the highest "round N" its steps name (every ranks and assault game says it), 1 where none does. */
function roundsIn(steps: ReadonlyArray<{ title: string }>): number {
  let rounds = 1;
  for (const { title } of steps)
    for (const m of title.matchAll(/\bround (\d+)/gi)) rounds = Math.max(rounds, Number(m[1]));
  return rounds;
}

/** The whole combat's odds before any die and where it ended (estimates marked ≈ ±), one row per outcome. */
function WholeCombatBlock({
  whole,
  finished,
  Sub,
}: {
  whole: NonNullable<Summary['wholeCombat']>;
  finished: boolean;
  Sub: 'h2' | 'h3';
}) {
  const note = estimatedFiguresNote(whole.start, whole.end, finished);
  return (
    <section className="keep" data-testid="sheet-whole-combat">
      <Sub>Odds of the whole combat</Sub>
      <table>
        <thead>
          <tr>
            <th />
            <th className="num">Before any die</th>
            <th className="num">{finished ? 'Where it ended' : 'Now'}</th>
          </tr>
        </thead>
        <tbody>
          {wholeCombatRows(whole.start, whole.end).map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              <td className="num">{r.start}</td>
              <td className="num">{r.end}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="why">{note}</p>}
    </section>
  );
}
