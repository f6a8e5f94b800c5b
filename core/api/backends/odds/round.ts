import type { Analyzed } from '../../../analysis/guarded';
import { noOddsBecause } from '../../../analysis/guarded';
import { bestOf, headlinesOf, type Headline } from '../../../analysis/headline';
import { oddsFrom } from '../../../analysis/odds';
import { advance, type Combat, type RuleSystem } from '../../../combat';
import { fixed2, percent } from '../../../summary/format';
import type { CombatOdds } from '../../channels/combat';

/** "1.20 models destroyed expected", "Empire win the round: 62.0%": a headline as the option beside it reads. */
export const figureText = (h: Headline) =>
  h.kind === 'probability' ? `${h.label}: ${percent(h.value)}` : `${fixed2(h.value)} ${h.label} expected`;

/** The exact distributions from a state of a system within the work budget (or why not), null where it has none. */
export type Analyze = (systemId: string, state: unknown) => Analyzed | null;

/** What the round's odds of a step need: the system, the odds before any die (worked out once), the state. */
export interface RoundAt {
  system: RuleSystem;
  before: Analyzed | null;
  combat: Combat;
}

const none = (at: number, unavailable: string): CombatOdds => ({
  at,
  odds: null,
  unavailable,
  choices: [],
  best: null,
});

/** The odds of the round (or the attack sequence) at `combat`, against those before any die, each within the budget. */
export function roundOdds(analyze: Analyze, { system, before, combat }: RoundAt): CombatOdds {
  const at = combat.log.inputs.length;
  if (before === null) return none(at, `${system.name} has no exact odds yet.`);
  if (!before.ok) return none(at, noOddsBecause('No exact odds for this combat', before.tooLarge));
  const now = at === 0 ? before : analyze(system.id, combat.state);
  if (now === null) return none(at, `${system.name} has no exact odds yet.`);
  if (!now.ok) return none(at, noOddsBecause('No exact odds at this step', now.tooLarge));
  return {
    at,
    odds: oddsFrom(before.distributions, now.distributions),
    unavailable: null,
    ...choiceFigures(analyze, system, combat),
  };
}

/**
 * At a choose step, each option's main figure if it is taken: the option applied through the
 * system's own fold, the state it leads to analysed within the budget (as every odds are); and
 * the option best for the chooser by that figure, where the figures tell the options apart.
 */
function choiceFigures(analyze: Analyze, system: RuleSystem, combat: Combat): Pick<CombatOdds, 'choices' | 'best'> {
  const step = combat.step;
  if (step.kind !== 'choose') return { choices: [], best: null };
  const analysed = step.options.map(({ id }) => {
    const taken = advance(system, combat, { kind: 'choose', stepId: step.id, option: id });
    const result = taken.ok ? analyze(system.id, taken.combat.state) : null;
    return result?.ok ? result.distributions : null;
  });
  const headlines = headlinesOf(analysed, step.actor);
  const { sides } = system.view(combat.state);
  const names = { attacker: sides.attacker.name, defender: sides.defender.name };
  const suggested = step.options.findIndex((o) => o.suggested);
  const best = step.options.length > 1 ? bestOf(analysed, headlines, step.actor, names, suggested) : null;
  return {
    choices: step.options.map(({ id }, i) => ({ option: id, figure: headlines[i] ? figureText(headlines[i]) : null })),
    best: best === null ? null : step.options[best]!.id,
  };
}
