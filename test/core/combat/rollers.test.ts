import { describe, expect, it } from 'vitest';
import { startCombat, type Combat } from '../../../core/combat/engine';
import type { Role, RollStep } from '../../../core/combat/steps';
import type { CombatView } from '../../../core/combat/view';
import { getSystem, registry } from '../../../core/systems';
import { applierFor, autoInput } from '../../support/drive';

/**
 * Who rolls which dice (issue 22: a clear "who acts now"): where one roll step takes both players'
 * dice — an attack rolled through to the other side's saves, both sides striking at once, a flee
 * and its pursuit — each dice group names the player who rolls it (`roller`), and the screen says
 * both roll. Checked on every system's example played out with the app's dice: a group's label
 * names first a unit, model or side of the player it gives as its roller.
 */

const roles: Role[] = ['attacker', 'defender'];

/** Every name a side's units, models and groups of models go by, with the side's own. */
function namesOf(view: CombatView, role: Role): Set<string> {
  const side = view.sides[role];
  return new Set([
    side.name,
    ...side.units.flatMap((u) => [u.name, ...u.models.flatMap((m) => [m.name, ...(m.group ? [m.group.name] : [])])]),
  ]);
}

/** The side whose name comes first in the text (a longer name wins at the same place), or null when none does. */
function firstNamed(text: string, names: Record<Role, Set<string>>): Role | null {
  let best: { at: number; length: number; role: Role } | null = null;
  for (const role of roles) {
    for (const name of names[role]) {
      if (name.length < 3 || names[role === 'attacker' ? 'defender' : 'attacker'].has(name)) continue;
      const at = text.indexOf(name);
      if (at >= 0 && (!best || at < best.at || (at === best.at && name.length > best.length)))
        best = { at, length: name.length, role };
    }
  }
  return best?.role ?? null;
}

function rollStepsOf(id: string, seed: number): Array<{ step: RollStep; view: CombatView }> {
  const system = getSystem(id)!;
  const apply = applierFor(system);
  let c: Combat = startCombat(system, system.setupSchema.parse(structuredClone(system.exampleSetup)), seed);
  const seen: Array<{ step: RollStep; view: CombatView }> = [];
  for (let taken = 0; taken < 400 && !(c.step.kind === 'outcome' && c.step.final); taken++) {
    if (c.step.kind === 'roll') seen.push({ step: c.step, view: system.view(c.state) });
    c = apply(c, autoInput(c));
  }
  return seen;
}

describe.each(registry.definitions.map((d) => d.id))('%s: each dice group names who rolls it', (id) => {
  const steps = [1, 2, 3, 4, 5, 6].flatMap((seed) => rollStepsOf(id, seed));

  it('a group is rolled by the player whose unit, model or side its label names first', () => {
    let checked = 0;
    for (const { step, view } of steps) {
      const names = { attacker: namesOf(view, 'attacker'), defender: namesOf(view, 'defender') };
      for (const g of step.groups ?? []) {
        const named = firstNamed(g.label, names);
        if (named === null) continue;
        checked++;
        expect(g.roller ?? step.actor, `${step.title} — "${g.label}"`).toBe(named);
      }
    }
    if (id !== 'wh40k-10e') expect(checked).toBeGreaterThan(0);
  });

  it(
    id === 'wh40k-10e'
      ? 'one player rolls each step of the attack sequence'
      : 'some step takes both players\u2019 dice, and says so',
    () => {
      const both = steps.filter(({ step }) => new Set((step.groups ?? []).map((g) => g.roller ?? step.actor)).size > 1);
      if (id === 'wh40k-10e') expect(both).toEqual([]);
      else expect(both.length).toBeGreaterThan(0);
    },
  );
});
