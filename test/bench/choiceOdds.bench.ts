import { bench, describe } from 'vitest';
import { createCombatBackend } from '../../core/api/backends/combat';
import { rulesDeps } from '../../core/api/backends/rules';
import { advance, rollForMe, startCombat, type Combat, type RuleSystem } from '../../core/combat';
import { registry, systems } from '../../core/systems';
import { readFileSync } from 'node:fs';

/**
 * Odds for every choice (`npm run bench`): at a choose step the host answers `combat.odds` with
 * the odds now and, for every option, the figure of the state it leads to. Target: p99 (hence
 * p95) under 100 ms on the benchmark setups of every system, allocation steps with many models
 * included. Each case plays its setup with seeded dice up to its first choose step.
 */

function toChoice(system: RuleSystem, setup: unknown, seed: number, skip = 0): Combat {
  let c = startCombat(system, system.setupSchema.parse(setup), seed);
  let seen = 0;
  for (let i = 0; i < 2000; i++) {
    const step = c.step;
    if (step.kind === 'choose' && seen++ >= skip) return c;
    const input =
      step.kind === 'roll'
        ? rollForMe(c)
        : step.kind === 'choose'
          ? {
              kind: 'choose' as const,
              stepId: step.id,
              option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id,
            }
          : { kind: 'continue' as const, stepId: step.id };
    const r = advance(system, c, input);
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
    if (c.step.kind === 'outcome' && c.step.final) break;
  }
  throw new Error(`no choose step in ${system.id}`);
}

const example = (file: string) => {
  const {
    seed: _s,
    dice: _d,
    ...setup
  } = JSON.parse(readFileSync(`examples/${file}`, 'utf8')) as Record<string, unknown>;
  return setup;
};

/** A backend holding one open combat at the given state (its log replays to it). */
async function openAt(combat: Combat) {
  const b = createCombatBackend({ ...rulesDeps(registry, { newId: () => 'c', newSeed: () => 1 }) });
  const system = systems[combat.log.system]!;
  const { id } = await b['combat.start']({
    system: system.id,
    setup: combat.log.setup as Record<string, unknown>,
    seed: combat.log.seed,
  });
  for (const input of combat.log.inputs) await b['combat.advance']({ id, input });
  await b['combat.odds']({ id }); // the combat's start is analysed once per session
  return () => b['combat.odds']({ id });
}

const tenthAllocation = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Hellblasters',
    weapons: [{ name: 'Plasma incinerator', models: 10, attacks: 2, skill: 3, strength: 8, ap: -3, damage: 2 }],
    ranged: true,
  },
  defender: {
    name: 'Terminators',
    models: [
      { name: 'Sergeant', count: 1, toughness: 5, save: 2, invulnerable: 4, wounds: 3, character: false },
      { name: 'Terminator', count: 19, toughness: 5, save: 2, invulnerable: 4, wounds: 3 },
    ],
  },
};

const cases: Array<[string, () => Combat]> = [
  [
    '40k 10th edition: armour or invulnerable / allocation, 20 Terminators in two groups',
    () => toChoice(systems['wh40k-10e']!, tenthAllocation, 3),
  ],
  [
    'old world: the example charge, first choice',
    () => toChoice(systems['old-world']!, example('old-world-swordsmen-vs-orcs.json'), 5),
  ],
  [
    '40k 7th edition: the benchmark round, first choice (pools or allocation)',
    () => toChoice(systems['wh40k-7e']!, example('wh40k-7e-marines-vs-boyz.json'), 7),
  ],
  [
    'The Ninth Age: the benchmark round, allocating attacks at characters',
    () => toChoice(systems['ninth-age']!, example('ninth-age-knights-vs-spearmen.json'), 9),
  ],
  [
    'Epic Armageddon: the example assault, allocating hits among many units',
    () => toChoice(systems['epic-armageddon']!, example('epic-armageddon-marines-vs-orks.json'), 11),
  ],
];

describe('a choose step with its odds for every option (combat.odds)', async () => {
  for (const [name, make] of cases) {
    const ask = await openAt(make());
    bench(name, async () => {
      await ask();
    });
  }
});
