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
 * not by a win that is already certain. When no option changes anything, the first one.
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
    ...facts.filter((f) => f !== win).map((f) => ({ label: f.label, value: f.probability, kind: 'probability' as const })),
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
    return values.every((v) => v !== undefined) && Math.max(...(values as number[])) - Math.min(...(values as number[])) > 1e-9;
  };
  const shared = labels.filter((label) => known.every((c) => valueOf(c, label) !== undefined));
  const label = shared.find(changes) ?? shared[0] ?? labels[0]!;
  return each.map((c) => c?.find((h) => h.label === label) ?? null);
}
