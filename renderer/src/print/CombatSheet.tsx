import type { Summary, SummaryOdds, SummarySide, SummaryStep } from '../../../core/summary/schema';
import { casualtyRows } from '../../../core/summary/casualties';
import { DistributionChart } from '../combat/DistributionChart';
import { when } from '../history/format';
import { fixed2, luckWords, ordinalPercentile, percent } from '../../../core/summary/format';
import { extraLines } from '../../../core/summary/markdown';

/**
 * One stored combat as a printed sheet: header with both sides and their profiles, every step,
 * the outcome, the casualties and the odds. Plain tables and black text, so it reads the same on
 * a black-and-white printer; nothing depends on colour.
 */
export function CombatSheet({ summary, inReport = false }: { summary: Summary; inReport?: boolean }) {
  const Heading = inReport ? 'h2' : 'h1';
  const Sub = inReport ? 'h3' : 'h2';
  return (
    <article className="combat-sheet" data-testid="combat-sheet">
      <Heading>{summary.title}</Heading>
      <p className="muted">
        {summary.system.name} · {when(summary.startedAt)} · {summary.finished ? 'finished' : 'unfinished'} · seed {summary.seed}
      </p>
      <div className="sides">
        <SideBox side={summary.sides.attacker} />
        <SideBox side={summary.sides.defender} />
      </div>

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

      {summary.odds && <OddsBlock odds={summary.odds} Sub={Sub} />}

      <Sub>Steps</Sub>
      {summary.steps.length === 0 ? <p>No step was taken.</p> : <StepsTable steps={summary.steps} />}

      <Sub>Casualties and wounds left</Sub>
      <Casualties sides={[summary.sides.attacker, summary.sides.defender]} />
    </article>
  );
}

function SideBox({ side }: { side: SummarySide }) {
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
    </section>
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
        {steps.map((s) => (
          <tr key={s.n}>
            <td className="num">{s.n}</td>
            <td>{s.actorName ?? '—'}</td>
            <td>{s.title}</td>
            <td>
              {s.needs && <b>{s.needs}</b>}
              {s.why.map((r, i) => (
                <span key={i} className="why">
                  {r.detail}
                </span>
              ))}
            </td>
            <td>
              {s.dice ? <span className="dice">{s.typed ? `${s.typed.join(' ')} → ${s.dice.join(' ')}` : s.dice.join(' ')}</span> : '—'}
              {s.typed && <span className="why">D6s halved for the D3s</span>}
              {(s.successes !== null || s.criticals !== null) && (
                <span className="why">
                  {[s.successes !== null && `${s.successes} passed`, s.criticals !== null && `${s.criticals} critical`].filter(Boolean).join(', ')}
                </span>
              )}
              {s.rolledBy === 'rolled' && <span className="why">rolled by the app</span>}
            </td>
            <td>
              {s.choice && (
                <>
                  <b>Chose: {s.choice}</b> <br />
                </>
              )}
              {s.result}
              {extraLines(s).map((line, i) => (
                <span key={i} className="why">
                  {line}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Casualties({ sides }: { sides: SummarySide[] }) {
  const rows = casualtyRows(sides);
  if (rows.length === 0) return <p>No models were at risk.</p>;
  return (
    <table data-testid="sheet-casualties">
      <thead>
        <tr>
          <th>Side</th>
          <th>Models</th>
          <th className="num">Wounds each</th>
          <th className="num">Left each</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className={r.destroyed ? 'destroyed' : undefined}>
            <td>{r.side}</td>
            <td>{r.models}</td>
            <td className="num">{r.wounds}</td>
            <td className="num">{r.woundsLeft}</td>
            <td>{r.status === 'destroyed' ? 'DESTROYED' : r.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OddsBlock({ odds, Sub }: { odds: SummaryOdds; Sub: 'h2' | 'h3' }) {
  const luck = luckWords(odds.percentile);
  return (
    // The heading, chart and result stay together; the facts table may start below them on the next page.
    <section data-testid="sheet-odds">
      <div className="keep">
      <Sub>Odds and luck: {odds.measure}</Sub>
      <div className="chart">
        {/* At the end of a combat the only filled bar is the actual result: filled versus outlined reads in black and white. */}
        <DistributionChart before={odds.before} now={odds.now} label={odds.measure} offset={odds.offset} {...(odds.actual ? { highlight: odds.actual.index } : {})} />
      </div>
      <p>
        {odds.actual ? (
          <>
            Result: <b>{odds.actual.value}</b> {odds.measure}, at the <b>{ordinalPercentile(odds.percentile)} percentile</b> of the chances before any die ({luck}). Expected
            before any die: {fixed2(odds.meanBefore)}.
          </>
        ) : (
          <>
            So far at the <b>{ordinalPercentile(odds.percentile)} percentile</b> ({luck}). Expected before any die: {fixed2(odds.meanBefore)}; now: {fixed2(odds.meanNow)}.
          </>
        )}
      </p>
      <p className="why">Outlined bars: the chances before any die was rolled. Filled bar{odds.actual ? ': the actual result' : 's: the chances given the dice so far'}.</p>
      </div>
      {odds.facts.length > 0 && (
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
      )}
    </section>
  );
}
