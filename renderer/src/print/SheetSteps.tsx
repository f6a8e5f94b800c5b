import type { ReactNode } from 'react';
import type { SheetDice, SheetResult, SheetStepRow, SheetSteps } from '../../../core/api/view';
import type { SheetHeadings } from './sheetWords';

/** The sheet's steps under their heading: none taken, every step in full, or one line a step. */
export function SheetStepLog({ steps, Sub }: { steps: SheetSteps; Sub: SheetHeadings['Sub'] }) {
  return (
    <>
      <Sub>Steps</Sub>
      {steps.form === 'empty' ? (
        <p>{steps.text}</p>
      ) : steps.form === 'full' ? (
        <StepsTable rows={steps.rows} />
      ) : (
        <CompactSteps rows={steps.rows} />
      )}
    </>
  );
}

/** The lines that work a result out, each on its own line; one set in under another explains it (a bonus and its reason), as on screen. */
function ResultLines({ lines }: { lines: SheetResult['lines'] }) {
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className={line.setIn ? 'why set-in' : 'why'}>
          {line.text}
        </span>
      ))}
    </>
  );
}

/** "Chose: …" in bold on a line of its own, above what came of it. */
function Chosen({ choice }: { choice: string | null }) {
  return (
    choice && (
      <>
        <b>Chose: {choice}</b> <br />
      </>
    )
  );
}

/** The first cells of a row: its number, who acted, the step. */
function RowStart({ row, children }: { row: SheetStepRow; children?: ReactNode }) {
  return (
    <>
      <td className="num">{row.n}</td>
      <td>{row.who ?? '—'}</td>
      <td>
        {row.title}
        {children}
      </td>
    </>
  );
}

function StepsTable({ rows }: { rows: SheetStepRow[] }) {
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
        {rows.map((row) => (
          <FullRow key={row.n} row={row} />
        ))}
      </tbody>
    </table>
  );
}

/** A step in full: what it needed and the reasons, the dice and their counts, the result. */
function FullRow({ row }: { row: SheetStepRow }) {
  const result = (
    <>
      <Chosen choice={row.result.choice} />
      {row.result.text}
      <ResultLines lines={row.result.lines} />
    </>
  );
  return (
    <tr>
      <RowStart row={row} />
      {row.across ? (
        <td colSpan={3} data-testid="sheet-step-wide">
          {result}
        </td>
      ) : (
        <>
          <td>
            {row.needs && <b>{row.needs}</b>}
            {row.reasons.map((r, i) => (
              <span key={i} className="why">
                {r.detail}
              </span>
            ))}
          </td>
          <td>{row.dice ? <DiceInFull dice={row.dice} /> : '—'}</td>
          <td>{result}</td>
        </>
      )}
    </tr>
  );
}

/** A roll's dice in the full log, and under them what they came to. */
function DiceInFull({ dice }: { dice: SheetDice }) {
  const counts = [
    dice.successes !== null && `${dice.successes} passed`,
    dice.criticals !== null && `${dice.criticals} critical`,
  ].filter(Boolean);
  return (
    <>
      {dice.typed ? (
        <>
          <Dice dice={dice.typed} /> → <Dice dice={dice.faces} />
        </>
      ) : (
        <Dice dice={dice.faces} />
      )}
      {dice.typed && <span className="why">D6s halved for the D3s</span>}
      {counts.length > 0 && <span className="why">{counts.join(', ')}</span>}
      {dice.byApp && <span className="why">rolled by the app</span>}
    </>
  );
}

/**
 * The step log for the table: one line a roll — who, what, what it needed, the dice, what came of
 * it — and a round's result with its arithmetic set across the page (the sheet's compact rows).
 */
function CompactSteps({ rows }: { rows: SheetStepRow[] }) {
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
        {rows.map((row) => (
          <CompactRow key={row.n} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function CompactRow({ row }: { row: SheetStepRow }) {
  const { result } = row;
  if (row.across) {
    // A choice, or a round's result worked out: across the dice column too.
    return (
      <tr>
        <RowStart row={row} />
        <td colSpan={2} data-testid="sheet-step-wide">
          {row.across === 'choice' ? (
            <>
              {result.choice && <b>Chose: {result.choice}</b>}
              {result.text && <> · {result.text}</>}
            </>
          ) : (
            <>
              {result.text}
              <ResultLines lines={result.lines} />
            </>
          )}
        </td>
      </tr>
    );
  }
  return (
    <tr>
      {/* What the dice needed goes with the step's name: a long chain of needs ("to hit 3+, to wound
          2+, armour 5+…") reads across the widest column, not down a narrow one. */}
      <RowStart row={row}>
        {row.needs && (
          <>
            {' — '}
            <b>{row.needs}</b>
          </>
        )}
      </RowStart>
      <td>
        {row.dice &&
          (row.dice.typed ? (
            <>
              <Dice dice={row.dice.typed} compact /> → <Dice dice={row.dice.faces} compact />
            </>
          ) : (
            <Dice dice={row.dice.faces} compact />
          ))}
        {row.dice?.byApp ? ' (app)' : ''}
      </td>
      <td>
        <Chosen choice={result.choice} />
        {result.text}
        {result.lines.length > 0 && ` · ${result.lines.map((l) => l.text).join(' · ')}`}
      </td>
    </tr>
  );
}

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

/** A roll's dice in runs of six, each kept on one line ("1 2 3 4 5 6 · 1 2 3 4"). */
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
