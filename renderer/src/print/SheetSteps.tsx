import type { ReactNode } from 'react';
import type { SheetDice, SheetResult, SheetStepRow, SheetSteps } from '../../../core/api/view';
import type { SheetHeadings } from './sheetWords';

/** The sheet's steps under their heading: none taken, or one row a step (in full, each roll's reasons under it). */
export function SheetStepLog({ steps, Sub }: { steps: SheetSteps; Sub: SheetHeadings['Sub'] }) {
  return (
    <>
      <Sub>Steps</Sub>
      {steps.form === 'empty' ? <p>{steps.text}</p> : <StepsTable rows={steps.rows} form={steps.form} />}
    </>
  );
}

/**
 * The step log for the table: one row a step — its number as the app counts them, who, what it
 * needed, the dice, what came of it — a choice and a round's result with its arithmetic set across
 * the page; in full, a roll's reasons in a line of small type under it. Each step's rows stay together.
 */
function StepsTable({ rows, form }: { rows: SheetStepRow[]; form: 'full' | 'compact' }) {
  return (
    <table data-testid="sheet-steps" data-log={form} className="compact-steps">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>Who</th>
          <th>Step, and what it needs</th>
          <th>Dice</th>
          <th>Result</th>
        </tr>
      </thead>
      {rows.map((row, i) => (
        <tbody key={i} className="step-rows">
          <StepRow row={row} tally={form === 'compact'} />
          {row.why && (
            <tr className="step-why">
              <td />
              <td colSpan={4} data-testid="sheet-step-why">
                {row.why}
              </td>
            </tr>
          )}
        </tbody>
      ))}
    </table>
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

/** The first cells of a row: its number, who acted, the step. */
function RowStart({ row, children }: { row: SheetStepRow; children?: ReactNode }) {
  return (
    <>
      <td className="num">{row.n ?? ''}</td>
      <td>{row.who ?? '—'}</td>
      <td>
        {row.title}
        {children}
      </td>
    </>
  );
}

/** A step's row; `tally`: a big roll as a count per face (the compact log), else every die as rolled. */
function StepRow({ row, tally }: { row: SheetStepRow; tally: boolean }) {
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
        {row.dice && <RowDice dice={row.dice} tally={tally} />}
        {row.dice?.byApp ? ' (app)' : ''}
      </td>
      <td>
        {result.choice && <b>Chose: {result.choice} · </b>}
        {result.text}
        {result.lines.length > 0 && ` · ${result.lines.map((l) => l.text).join(' · ')}`}
      </td>
    </tr>
  );
}

/** A roll's dice: where D6s were halved for D3s, the D6s as typed and the D3s they gave. */
function RowDice({ dice, tally }: { dice: SheetDice; tally: boolean }) {
  return dice.typed ? (
    <>
      <Dice dice={dice.typed} compact={tally} /> → <Dice dice={dice.faces} compact={tally} />
    </>
  ) : (
    <Dice dice={dice.faces} compact={tally} />
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
