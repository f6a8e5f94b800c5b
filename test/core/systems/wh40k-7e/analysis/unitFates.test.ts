import { registry } from '../../../../../core/systems';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactWholeCombat } from '../../../../../core/analysis/combat';
import { metered } from '../../../../../core/analysis/budget';
import { rulesDeps } from '../../../../../core/api/backends/rules';
import { advance, startCombat, type Combat } from '../../../../../core/combat/engine';
import { buildCombatSummary, summaryMarkdown, type StoredCombatRecord } from '../../../../../core/summary';
import { wh40k7e, type Setup, type State } from '../../../../../core/systems/wh40k-7e';
import { wh40k7eCombat } from '../../../../../core/systems/wh40k-7e/analysis';
import { autoInput, rngFor } from '../../../../support/drive';
import { analyzedCombat, expectUnitsAgree, playFates } from '../../../../support/unitFates';
import { setupArb } from '../arbitraries';
import { orkBoy, parse, spaceMarine } from './setups';

/**
 * Every unit's and character's fate in the whole-combat odds of a 7th edition close combat: each
 * unit, then the models a player follows on their own in it — a model group of one model in a unit
 * of several groups (the Sergeant, the Nob; the setup has no "character" mark). A model slain is
 * destroyed; one standing shares his unit's fate: he falls back with it, or is cut down with it by
 * a Sweeping Advance.
 */

const GAMES = 2000;
const SLOW = 120_000;
/** Enough work for the small combat's exact chain (the host's budget is far smaller: it estimates). */
const TEST_LIMIT = 1e10;

/**
 * A Sergeant and two Space Marines charge a two-wound Nob and two Ork Boyz: nobody is Fearless, so
 * units fall back and are swept. The Sergeant and the Nob are first in the order wounds are
 * allocated, so each can be slain while his unit fights on.
 */
const squads = () =>
  parse({
    attacker: {
      name: 'Tactical Squad',
      charged: true,
      models: [spaceMarine(1, { name: 'Sergeant', attacks: 2, leadership: 9 }), spaceMarine(2)],
    },
    defender: {
      name: 'Ork Boyz',
      models: [
        {
          name: 'Ork Nob',
          weaponSkill: 4,
          strength: 4,
          toughness: 4,
          wounds: 2,
          initiative: 3,
          attacks: 2,
          leadership: 7,
          save: 6,
        },
        orkBoy(2),
      ],
    },
  });

const fatesOf = (state: State) =>
  wh40k7eCombat.unitFates!(state).map((u) => `${u.role} ${u.unit}: ${u.end ?? 'fighting'}`);

/** The start of a combat with some models' wounds and the units' fates set as a finished combat might leave them. */
function ended(setup: Setup, change: (s: State) => Partial<State>): State {
  const s = wh40k7e.start(setup);
  return { ...s, ...change(s) };
}

describe("40k 7th edition: who a player follows, and each one's fate at the end", () => {
  it('a unit, then each model group of one model in it; a unit of one group, or a lone model, is its own row', () => {
    const s = wh40k7e.start(squads());
    expect(wh40k7eCombat.unitFates!(s).map((u) => `${u.role} ${u.unit}`)).toEqual([
      'attacker Tactical Squad',
      'attacker Sergeant',
      'defender Ork Boyz',
      'defender Ork Nob',
    ]);
    const plain = parse({
      attacker: { name: 'Captain', models: [spaceMarine(1, { name: 'Captain' })] },
      defender: { name: 'Ork Boyz', models: [orkBoy(5)] },
    });
    expect(wh40k7eCombat.unitFates!(wh40k7e.start(plain)).map((u) => u.unit)).toEqual(['Captain', 'Ork Boyz']);
  });

  it('a Sergeant slain is destroyed though his squad falls back; one still standing falls back with it', () => {
    // Seed 000: a unit that fails its Morale check falls back; a model removed as a casualty is dead whatever his unit does.
    const slain = ended(squads(), (s) => ({
      wounds: { ...s.wounds, attacker: [[0], [1, 0]] },
      fate: { attacker: 'fellBack', defender: 'fighting' },
    }));
    expect(fatesOf(slain)).toEqual([
      'attacker Tactical Squad: flees',
      'attacker Sergeant: destroyed',
      'defender Ork Boyz: fighting',
      'defender Ork Nob: fighting',
    ]);
    const standing = ended(squads(), (s) => ({
      wounds: { ...s.wounds, attacker: [[1], [0, 0]] },
      fate: { attacker: 'fellBack', defender: 'fighting' },
    }));
    expect(fatesOf(standing)[1]).toBe('attacker Sergeant: flees');
  });

  it('a Sweeping Advance cuts down the whole unit: the Nob still standing is caught with his Boyz', () => {
    // Seed 000 "Sweeping Advance": the caught unit is destroyed — every model in it, wounds left or not.
    const swept = ended(squads(), (s) => ({
      wounds: { ...s.wounds, defender: [[2], [1, 0]] },
      fate: { attacker: 'fighting', defender: 'swept' },
    }));
    expect(fatesOf(swept).slice(2)).toEqual(['defender Ork Boyz: caught', 'defender Ork Nob: caught']);
  });

  it('a unit wiped out: every model followed in it is destroyed; held by And They Shall Know No Fear: still fighting', () => {
    const wiped = ended(squads(), (s) => ({
      wounds: { ...s.wounds, defender: [[0], [0, 0]] },
      fate: { attacker: 'fighting', defender: 'wipedOut' },
    }));
    expect(fatesOf(wiped).slice(2)).toEqual(['defender Ork Boyz: destroyed', 'defender Ork Nob: destroyed']);
    const held = ended(squads(), () => ({ fate: { attacker: 'heldByATSKNF', defender: 'fighting' } }));
    expect(fatesOf(held).slice(0, 2)).toEqual(['attacker Tactical Squad: fighting', 'attacker Sergeant: fighting']);
  });

  it(
    "on random combats played to the end (fast-check): a unit's row is its side's fate; a model followed is destroyed exactly when slain, else he shares his unit's fate",
    () => {
      fc.assert(
        fc.property(setupArb(3, 4, 3), fc.nat(2 ** 30), (setup, seed) => {
          let c = { ...(startCombat(wh40k7e, setup, 0) as Combat), rng: rngFor(seed) };
          for (let n = 0; n < 3000 && !(c.step.kind === 'outcome' && c.step.final); n++)
            c = (advance(wh40k7e as never, c, autoInput(c)) as { combat: Combat }).combat;
          expect(c.step.kind === 'outcome' && c.step.final, 'the combat ended').toBe(true);
          const s = c.state as State;
          const rows = wh40k7eCombat.unitFates!(s);
          const fates = wh40k7eCombat.fates(s);
          for (const role of ['attacker', 'defender'] as const) {
            const [unit, ...models] = rows.filter((r) => r.role === role);
            expect(unit!.unit).toBe(s.setup[role].name);
            expect(unit!.end).toBe(fates[role]);
            const groups = s.setup[role].models;
            const followed = groups.length > 1 ? groups.flatMap((g, i) => (g.count === 1 ? [i] : [])) : [];
            expect(models.map((m) => m.unit)).toEqual(followed.map((g) => groups[g]!.name));
            followed.forEach((g, k) =>
              expect(models[k]!.end).toBe(s.wounds[role][g]![0]! <= 0 ? 'destroyed' : fates[role]),
            );
          }
        }),
        { numRuns: 200 },
      );
    },
    SLOW,
  );

  it(
    'exactly, each unit and model followed against 2,000 play-outs of the engine',
    () => {
      const combat = startCombat(wh40k7e, squads(), 1) as Combat;
      const odds = metered(
        () => exactWholeCombat(wh40k7eCombat, combat.state as State),
        () => 'too large',
        TEST_LIMIT,
      );
      expect(odds.exact).toBe(true);
      const units = odds.units!;
      expect(units.map((u) => u.unit)).toEqual(['Tactical Squad', 'Sergeant', 'Ork Boyz', 'Ork Nob']);
      // The units' rows are the sides' own figures.
      for (const u of [units[0]!, units[2]!])
        expect([u.pDestroyed, u.pFlees, u.pCaught]).toEqual([
          odds[u.role].pDestroyed,
          odds[u.role].pFlees,
          odds[u.role].pCaught,
        ]);
      // First to take wounds, the Sergeant and the Nob are slain far more often than their units are wiped out.
      expect(units[1]!.pDestroyed).toBeGreaterThan(units[0]!.pDestroyed + 0.1);
      expect(units[3]!.pDestroyed).toBeGreaterThan(units[2]!.pDestroyed + 0.1);
      // Both units break in some games and are swept in some; so does the two-wound Nob with his Boyz.
      for (const u of [units[0]!, units[2]!, units[3]!])
        for (const p of [u.pDestroyed, u.pFlees, u.pCaught]) expect(p, u.unit).toBeGreaterThan(0);
      // The squad loses a round only by suffering an unsaved wound, and the first goes on the one-wound Sergeant: he never falls back.
      expect([units[1]!.pFlees, units[1]!.pCaught]).toEqual([0, 0]);
      expectUnitsAgree(odds, playFates(wh40k7eCombat, combat, GAMES, odds.maxRounds));
    },
    SLOW,
  );
});

describe('40k 7th edition: the host, the command line and the summary give every unit', () => {
  it(
    '`combat-companion analyze` prints `combat.units`: each squad, then its Sergeant or Nob',
    async () => {
      const combat = await analyzedCombat('examples/wh40k-7e-marines-vs-boyz.json');
      expect(combat.units?.map((u) => `${u.role} ${u.unit}`)).toEqual([
        'attacker Tactical Squad',
        'attacker Sergeant',
        'defender Ork Boyz',
        'defender Ork Nob',
      ]);
      for (const u of combat.units!) expect(u.pDestroyed + u.pFlees + u.pCaught).toBeLessThanOrEqual(1 + 1e-9);
    },
    SLOW,
  );

  it(
    "the host's whole-combat answer and the printed summary have a row for the Sergeant",
    () => {
      const rules = rulesDeps(registry, { newId: () => 'x', newSeed: () => 1 });
      const setup = squads();
      const answer = rules.wholeCombat!('wh40k-7e', wh40k7e.start(setup));
      expect(answer?.ok && answer.odds.units?.map((u) => u.unit)).toEqual([
        'Tactical Squad',
        'Sergeant',
        'Ork Boyz',
        'Ork Nob',
      ]);
      let c = startCombat(wh40k7e, setup, 5) as Combat;
      while (!(c.step.kind === 'outcome' && c.step.final))
        c = (advance(wh40k7e as never, c, autoInput(c)) as { combat: Combat }).combat;
      const record: StoredCombatRecord = {
        id: 'w',
        system: 'wh40k-7e',
        title: 'Marines vs Orks',
        startedAt: '2026-11-20T19:30:00.000Z',
        finishedAt: '2026-11-20T19:41:00.000Z',
        seed: 5,
        rosterIds: [],
        setup,
        inputs: c.log.inputs,
      };
      const md = summaryMarkdown(
        buildCombatSummary(record, { systems: rules.systems, analyze: rules.analyze, wholeCombat: rules.wholeCombat! }),
      );
      expect(md).toMatch(/\| Sergeant: destroyed \|/);
      expect(md).toMatch(/\| Ork Nob: destroyed \|/);
    },
    SLOW,
  );
});
