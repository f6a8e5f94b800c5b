import {
  combatSheet,
  type CombatSheetModel,
  type CombatView,
  type SheetOutcome,
  type SheetSide,
  type Summary,
} from '../../../core/api/view';
import { RankDiagram, RankLegend } from '../combat/RankDiagram';
import type { StepLog } from './paper';
import { Casualties, OddsBlock, WholeCombatBlock, WholeCombatLine } from './SheetOdds';
import { SheetStepLog } from './SheetSteps';
import { Words, type SheetHeadings } from './sheetWords';

/**
 * One stored combat as a printed sheet: header with both sides and their profiles, every step,
 * the outcome, the casualties and the odds. What it says is the combat's sheet (core/summary/sheet.ts,
 * which the Markdown copy draws too); this draws it in plain tables and black text, so it reads the
 * same on a black-and-white printer; nothing depends on colour.
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
  const headings: SheetHeadings = inReport ? { Heading: 'h2', Sub: 'h3' } : { Heading: 'h1', Sub: 'h2' };
  return <SheetDrawing sheet={combatSheet(summary, { steps, view })} {...headings} />;
}

function SheetDrawing({ sheet, Heading, Sub }: { sheet: CombatSheetModel } & SheetHeadings) {
  const { odds, wholeCombat } = sheet;
  // A fight of one round prints the whole combat's odds in a line: beside the round's odds, or alone.
  const line = wholeCombat?.line ? <WholeCombatLine line={wholeCombat.line} /> : null;
  return (
    <article className="combat-sheet" data-testid="combat-sheet">
      <Heading>{sheet.title}</Heading>
      <p className="muted">
        <Words parts={sheet.byline} />
      </p>
      <div className="sides">
        {sheet.sides.map((side) => (
          <SideBox key={side.role} side={side} />
        ))}
      </div>
      {sheet.rankRule !== null && (
        <div className="ranks">
          <RankLegend rankRule={sheet.rankRule} />
        </div>
      )}
      <OutcomeBox outcome={sheet.outcome} Sub={Sub} />
      {sheet.steps && <SheetStepLog steps={sheet.steps} Sub={Sub} />}
      <Sub>{sheet.casualties.heading}</Sub>
      <Casualties casualties={sheet.casualties} />
      {/* The odds last: the steps flow on from the first page, and the chart (kept whole) does not
          leave half a page blank before them — a one-round combat fits on two A4 pages. */}
      {odds && <OddsBlock odds={odds} Sub={Sub} aside={line} />}
      {sheet.oddsUnavailable && <p data-testid="sheet-odds-unavailable">{sheet.oddsUnavailable}</p>}
      {wholeCombat && !wholeCombat.line && <WholeCombatBlock whole={wholeCombat} Sub={Sub} />}
      {!odds && line}
    </article>
  );
}

/**
 * One side: its name, roster and profiles; in a ranks game (units with a formation, given the
 * combat's last view) each unit's rank diagram as it stands at the end, casualties crossed out.
 */
function SideBox({ side }: { side: SheetSide }) {
  return (
    <section className="box keep" data-testid={`sheet-${side.role}`}>
      <b>{side.label}:</b> {side.name}
      {side.roster && <div className="muted">Roster: {side.roster}</div>}
      <ul>
        {side.profile.map((p, i) => (
          <li key={i}>
            <b>{p.label}:</b> {p.text}
          </li>
        ))}
      </ul>
      {side.ranks && (
        <div className="ranks" data-testid="sheet-ranks">
          <div className="muted">{side.ranks.caption}</div>
          {side.ranks.units.map(
            (unit) => unit.formation && <RankDiagram key={unit.name} unit={unit} formation={unit.formation} />,
          )}
        </div>
      )}
    </section>
  );
}

function OutcomeBox({ outcome, Sub }: { outcome: SheetOutcome; Sub: SheetHeadings['Sub'] }) {
  return (
    <>
      <Sub>{outcome.heading}</Sub>
      <div className="box" data-testid="sheet-outcome">
        {outcome.lines && (
          <ul>
            {outcome.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
        {outcome.unfinished && <p>{outcome.unfinished}</p>}
        {outcome.winner && (
          <p>
            <b>Winner:</b> {outcome.winner}
          </p>
        )}
      </div>
    </>
  );
}
