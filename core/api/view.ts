/**
 * What the screen draws, as the host describes it: the types of a combat's view and steps, the
 * summary and report it prints, and the few pure helpers the screen shares with the host so the two
 * never disagree. The renderer reaches core only through core/api; this is its view of the rest.
 *
 * - Dice groups (`groupsOf`, `countsFor`, `splitDice`, `hasD3`, `d3FromD6`): the dice entry counts
 *   the dice a chained group takes while the players type them, keystroke by keystroke, by the same
 *   walk the host checks them with (core/combat/rollGroups.ts). Asking the host at every key would
 *   only add a round trip to the same arithmetic; the host still checks what is sent.
 * - Odds in words (`percent`, `fixed2`, `luckSentence`, the whole combat's rows and notes, "at
 *   least" figures): the live panel, print and Markdown read odds alike.
 */
export type { CombatView, Formation, LogLine, ModelView, UnitView } from '../combat/view';
export type { DiceGroup, Input, Reason, Role, RollStep, Step } from '../combat/steps';
export type { RosterFill, SetupLayout } from '../combat/setupLayout';
export type { SystemId } from '../systems';
export type { Report, Summary, SummaryOdds, SummarySide, SummaryStep } from '../summary/schema';
export { countsFor, d3FromD6, groupsOf, hasD3, splitDice } from '../combat/rollGroups';
export { atLeastOf } from '../analysis/atLeast';
export { fixed2, luckSentence, percent } from '../summary/format';
export { columnError, estimateNote, wholeCombatRows } from '../summary/wholeCombat';
/** A stored combat's printed sheet, built from its summary (the Markdown copy draws the same). */
export {
  combatSheet,
  type CombatSheetModel,
  type SheetCasualties,
  type SheetOdds,
  type SheetOutcome,
  type SheetPart,
  type SheetSide,
  type SheetWholeCombat,
} from '../summary/sheet';
export type { SheetDice, SheetResult, SheetStepRow, SheetSteps, StepLogForm } from '../summary/sheetSteps';
/** The matchup table (issue 37): its shape, a cell in words and the table as Markdown, as the command line writes them. */
export type { MatchupCell, MatchupMode, MatchupOdds, MatchupTable } from '../matchups/types';
export { cellText, matchupMarkdown } from '../matchups/table';
export { chargeWorth, fightAccount, type FightAccount } from '../matchups/account';
