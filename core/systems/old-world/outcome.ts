import {
  memberName,
  membersOf,
  modelsLeft,
  plural,
  roles,
  troopsOf,
  unitIndices,
  unitKey,
  unitOf,
  woundsLeft,
  type State,
  type UnitStatus,
} from './state';
import { countingRanks, rankBonus } from './tables';

/** The lines that close a round and a combat: redress options, then each unit's fate. */

/**
 * Seed 002, "Redress the Ranks": units still fighting may tidy their formation; winners may also
 * expand their frontage. For each, the frontages worth considering and the ranks they give.
 */
export function redressLines(state: State): string[] {
  const lines: string[] = [];
  for (const role of roles) {
    for (const unit of unitIndices(state.setup, role)) {
      if (state.status[unitKey(role, unit)] !== 'fighting') continue;
      const u = unitOf(state.setup, role, unit);
      if (u.models === 0) continue;
      const n = modelsLeft(state.setup, state.lost, troopsOf(role, unit));
      const winner = state.result?.winner === role;
      const widths = [u.rankWidth, ...(winner ? [u.rankWidth + 1, u.rankWidth + 2] : [])].filter(
        (w) => w <= Math.max(n, u.rankWidth),
      );
      const options = widths.map(
        (w) =>
          `${w} wide: ${countingRanks(n, w)} rank${countingRanks(n, w) === 1 ? '' : 's'} (+${u.noRankBonus ? 0 : rankBonus(n, w)})`,
      );
      lines.push(
        `Redress ${u.name} (${plural(n, 'model')}${winner ? ', won: may expand its frontage or lap round' : ''}): ${options.join('; ')}.`,
      );
    }
  }
  return lines;
}

const fate: Record<UnitStatus, string> = {
  fighting: 'still fighting',
  destroyed: 'destroyed',
  fled: 'broke and fled',
  caught: 'broke, fled and was caught: destroyed',
  pursuing: 'won and pursued',
  overran: 'won and overran',
};

/** The final outcome: each unit's fate and what is left of it, then the notes of the combat. */
export function finalLines(state: State): string[] {
  const lines: string[] = [];
  for (const role of roles) {
    for (const unit of unitIndices(state.setup, role)) {
      const u = unitOf(state.setup, role, unit);
      const status = state.status[unitKey(role, unit)] ?? 'fighting';
      const standing = membersOf(state.setup, role, unit)
        .filter((m) => woundsLeft(state.setup, state.lost, m) > 0)
        .map((m) =>
          m.character === null
            ? plural(modelsLeft(state.setup, state.lost, m), 'model')
            : `${memberName(state.setup, m)} (${woundsLeft(state.setup, state.lost, m)}W)`,
        );
      const left =
        status === 'destroyed' || status === 'caught' ? '' : standing.length > 0 ? `: ${standing.join(', ')}` : '';
      lines.push(`${state.setup[role].name} — ${u.name}: ${fate[status]}${left}.`);
    }
  }
  return [...lines, ...state.notes];
}
