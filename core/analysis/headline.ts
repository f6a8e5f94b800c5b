import type { Role } from '../combat/steps';
import { meanOf } from './mean';
import type { OutcomeDistributions } from './system';

/**
 * The figure a player compares the options of a choice by ("armour 3+: 1.20 models destroyed
 * expected; invulnerable 4++: 1.50"), worked out by the host from the state each option leads to.
 *
 * Which figure: the first of these that the options change — the chooser's chance to win (the fact
 * a system tags as that side winning), the system's other named chances (break, caught…), the
 * expected main measure — so a pursuit decided after the result reads by the chance of catching,
 * not by a win that is already certain. When no option changes anything, a chance still open
 * (neither 0% nor 100%) that matters now, or none: a flat "win the round: 100%" under every option
 * tells the players nothing.
 */
export interface Headline {
  label: string;
  value: number;
  kind: 'probability' | 'expected';
}

type Distributions = Pick<OutcomeDistributions, 'measure' | 'main' | 'offset' | 'facts'>;

function candidates(d: Distributions, chooser: Role): Headline[] {
  const facts = d.facts ?? [];
  const win = facts.find((f) => f.wins === chooser);
  return [
    ...(win ? [{ label: win.label, value: win.probability, kind: 'probability' as const }] : []),
    ...facts
      .filter((f) => f !== win)
      .map((f) => ({ label: f.label, value: f.probability, kind: 'probability' as const })),
    { label: d.measure, value: (d.offset ?? 0) + meanOf(d.main), kind: 'expected' },
  ];
}

/** One headline per option (null where that option's state has no odds), all of the same figure. */
export function headlinesOf(options: ReadonlyArray<Distributions | null>, chooser: Role): Array<Headline | null> {
  const each = options.map((d) => (d ? candidates(d, chooser) : null));
  const known = each.filter((c): c is Headline[] => c !== null);
  if (known.length === 0) return options.map(() => null);
  const labels = known[0]!.map((h) => h.label);
  const valueOf = (c: Headline[], label: string) => c.find((h) => h.label === label)?.value;
  const changes = (label: string) => {
    const values = known.map((c) => valueOf(c, label));
    return (
      values.every((v) => v !== undefined) &&
      Math.max(...(values as number[])) - Math.min(...(values as number[])) > 1e-9
    );
  };
  const shared = labels.filter((label) => known.every((c) => valueOf(c, label) !== undefined));
  const changing = shared.find(changes);
  // Two options or more that lead to the same figures: only a chance still open is worth showing.
  const open = (label: string) =>
    known[0]!.some((h) => h.label === label && h.kind === 'probability' && h.value > 1e-9 && h.value < 1 - 1e-9);
  const label = changing ?? (known.length > 1 ? shared.find(open) : (shared[0] ?? labels[0]));
  if (label === undefined) return options.map(() => null);
  return each.map((c) => c?.find((h) => h.label === label) ?? null);
}

/**
 * Which way a figure is good for the chooser: +1 the higher the better, -1 the lower, 0 unknown.
 * The chooser's own win is better higher, the other side's lower. The main measure counts in the
 * attacker's favour in every system (models destroyed, kills by the attacker's side, result
 * difference attacker − defender). A named chance that begins with a side's name ("Orcs: break",
 * "Orcs: broken and caught", "Orcs: swept away") is a misfortune of that side.
 */
function directionOf(label: string, d: Distributions, chooser: Role, names: Readonly<Record<Role, string>>): number {
  const other: Role = chooser === 'attacker' ? 'defender' : 'attacker';
  const fact = (d.facts ?? []).find((f) => f.label === label);
  if (!fact) return label === d.measure ? (chooser === 'attacker' ? 1 : -1) : 0;
  if (fact.wins === chooser) return 1;
  if (fact.wins === other) return -1;
  if (label.startsWith(`${names[chooser]}:`)) return -1;
  if (label.startsWith(`${names[other]}:`)) return 1;
  return 0;
}

/**
 * The option best for the chooser by the figure each option shows (index into `options`), or null
 * where the figures cannot tell the options apart (all equal, unknown, or a figure whose good side
 * is not known): the system's own suggestion then stands. Among options equally best, `preferred`
 * (the system's suggestion) when it is one of them, else the first.
 */
export function bestOf(
  options: ReadonlyArray<Distributions | null>,
  headlines: ReadonlyArray<Headline | null>,
  chooser: Role,
  names: Readonly<Record<Role, string>>,
  preferred = -1,
): number | null {
  const first = headlines.findIndex((h) => h !== null);
  if (first < 0 || headlines.some((h) => h === null)) return null;
  const direction = directionOf(headlines[first]!.label, options[first]!, chooser, names);
  if (direction === 0) return null;
  const scores = headlines.map((h) => direction * h!.value);
  const top = Math.max(...scores);
  if (top - Math.min(...scores) <= 1e-9) return null;
  if (preferred >= 0 && scores[preferred]! >= top - 1e-9) return preferred;
  return scores.findIndex((s) => s >= top - 1e-9);
}
