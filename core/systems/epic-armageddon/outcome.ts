import { totalArithmetic } from './result';
import { CONSOLIDATION_CM } from './tables';
import {
  alive,
  entryOf,
  isWarEngine,
  otherRole,
  plural,
  roles,
  unitName,
  unitsLeft,
  type Role,
  type RoundResult,
  type State,
} from './state';

/** The lines of the outcome steps: the immediate outcome, the A6 result, and the end of the assault. */

export function killsLines(state: State): string[] {
  return roles.map(
    (role) =>
      `${state.setup[role].name}: ${plural(state.kills[role], 'kill')} in the assault so far; ${plural(unitsLeft(state.units[role]), 'unit')} left`,
  );
}

/** The A4 outcome when neither side has won at once (the step's line, and the log's). */
export const NO_IMMEDIATE_WINNER = 'No immediate winner: supporting fire (A5), then the assault result (A6).';

export function headline(state: State, r: RoundResult): string {
  if (r.winner === 'draw') return `A draw: another round from A3 (counter-charges), casualties kept.`;
  return `${state.setup[r.winner].name} win the assault${r.at === 'A6' ? '' : ` at ${r.at}`}: ${r.reason}.`;
}

export function resultLines(state: State, r: RoundResult): string[] {
  if (!r.totals) return [headline(state, r)];
  const lines = roles.map((role) => `${state.setup[role].name}: ${totalArithmetic(r.totals![role])}`);
  lines.push(headline(state, r));
  const loser = r.winner === 'draw' ? null : otherRole(r.winner);
  if (loser) lines.push(...extraHitsLines(state, r, loser));
  return lines;
}

/** The extra hits of the loser, with They Shall Know No Fear and Fearless said where they change them. */
function extraHitsLines(state: State, r: RoundResult, loser: Role): string[] {
  const name = state.setup[loser].name;
  const hits = r.extraHits[loser];
  const difference = r.totals ? Math.abs(r.totals.attacker.total - r.totals.defender.total) : hits;
  const halved = state.setup[loser].knowNoFear && difference > hits;
  if (hits === 0)
    return halved
      ? [`${name} take no extra hits: They Shall Know No Fear halves the difference of ${difference}, rounding down.`]
      : [];
  const why = halved
    ? `half the difference of ${difference}, rounding down: They Shall Know No Fear`
    : 'the difference';
  const fearless = state.units[loser].filter((u) => alive(u) && entryOf(state.setup, loser, u).fearless);
  const lines = [
    `${name} take ${plural(hits, 'extra hit')} (${why}), no saves${fearless.length === 0 ? '; Fearless units ignore them' : ''}.`,
  ];
  if (fearless.length > 0) {
    const names = fearless.map((u) => unitName(state.setup, loser, u)).join(', ');
    lines.push(
      `Fearless: ${names} ${fearless.length === 1 ? 'ignores' : 'ignore'} them${r.extraLosses[loser] < hits ? `, so only ${plural(r.extraLosses[loser], 'unit')} can be lost` : ''}.`,
    );
  }
  return lines;
}

/** What became of one entry's units: "Boyz ×4: 1 left; #2 destroyed (A4, round 1), …". */
function entryLine(state: State, role: Role, entry: number): string {
  const e = state.setup[role].units[entry]!;
  const units = state.units[role].filter((u) => u.entry === entry);
  const standing = units.filter(alive);
  const gone = units.filter((u) => !alive(u));
  const label = `${state.setup[role].name} — ${e.name}${e.count > 1 ? ` ×${e.count}` : ''}`;
  if (isWarEngine(e)) {
    const u = units[0]!;
    if (!alive(u)) return `${label}: destroyed (${u.fate?.by}, round ${u.fate?.round}).`;
    return `${label}: ${u.left} of ${e.damageCapacity} DC left.`;
  }
  const fates = gone.map((u) => `${unitName(state.setup, role, u)} destroyed (${u.fate?.by}, round ${u.fate?.round})`);
  if (gone.length === 0) return `${label}: ${e.count > 1 ? `all ${e.count} standing` : 'standing'}.`;
  if (standing.length === 0) return `${label}: ${e.count > 1 ? 'all destroyed' : 'destroyed'} — ${fates.join(', ')}.`;
  return `${label}: ${standing.length} left — ${fates.join(', ')}.`;
}

/** The final outcome: who won, what became of each unit, the Blast markers and what is left to do. */
export function finalLines(state: State): string[] {
  const r = state.result;
  const lines: string[] = [];
  if (r) lines.push(headline(state, r));
  for (const role of roles) state.setup[role].units.forEach((_, entry) => lines.push(entryLine(state, role, entry)));
  if (r && r.winner !== 'draw') {
    const winner = r.winner;
    const loser = otherRole(winner);
    const left = state.units[loser].some(alive);
    lines.push(
      left
        ? `${state.setup[loser].formation} (${state.setup[loser].name}) is Broken and has withdrawn.`
        : `${state.setup[loser].formation} (${state.setup[loser].name}) is destroyed.`,
    );
    if (state.units[winner].some(alive)) {
      lines.push(
        `${state.setup[winner].name}: ${plural(state.blastMarkers[winner], 'Blast marker')} (${plural(state.kills[loser], 'unit')} lost in the assault).`,
        `${state.setup[winner].name} may consolidate: each unit moves up to ${CONSOLIDATION_CM}cm.`,
      );
      // Seed 003: both formations wiped out at A4 is the attacker's win (checked first), but nobody is left to consolidate.
    } else
      lines.push(
        `${state.setup[winner].formation} (${state.setup[winner].name}) has no units left either: nobody consolidates.`,
      );
  }
  return [...lines, ...state.notes];
}

/**
 * "Formation: Warband · defending · 3 kills · 4 units left", for the view. Blast markers and Broken
 * are the view's own fields (drawn as markers); a Broken formation's note says what it counts as.
 */
export function sideNotes(state: State, role: Role): string[] {
  const notes = [
    `Formation: ${state.setup[role].formation}`,
    role === 'attacker' ? 'attacking (charged)' : 'defending',
    plural(state.kills[role], 'kill'),
    `${plural(unitsLeft(state.units[role]), 'unit')} left`,
  ];
  // RULES §4 A6: a Broken formation counts as many Blast markers as it has units left.
  if (state.broken[role])
    notes.push(`Broken: counts as ${plural(unitsLeft(state.units[role]), 'Blast marker')} (one per unit left)`);
  else if (state.setup[role].knowNoFear)
    notes.push(
      `They Shall Know No Fear: counts ${plural(Math.floor(state.blastMarkers[role] / 2), 'Blast marker')} of ${state.blastMarkers[role]}; half the extra hits if it loses`,
    );
  const fearless = state.units[role].filter((u) => alive(u) && entryOf(state.setup, role, u).fearless).length;
  if (fearless > 0) notes.push(`${plural(fearless, 'Fearless unit')}`);
  return notes;
}
