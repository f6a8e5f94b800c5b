import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import { analyzeSetup10e } from '../../core/systems/wh40k-10e/analysis';
import { setupSchema } from '../../core/systems/wh40k-10e/profiles';

async function run(argv: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => stdin });
  return { code, out, err };
}

const example = 'examples/wh40k-10e-intercessors-vs-boyz.json';
const scenario = JSON.parse(readFileSync(example, 'utf8')) as Record<string, unknown>;

describe('combat-companion analyze', () => {
  it('prints the exact distributions of the scenario as JSON', async () => {
    const { code, out } = await run(['analyze', example]);
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      system: string;
      modelsDestroyed: number[];
      woundsLost: number[];
      meanModelsDestroyed: number;
    };
    const { seed: _seed, ...setup } = scenario;
    const exact = analyzeSetup10e(setupSchema.parse(setup));
    expect(report.system).toBe('wh40k-10e');
    expect(report.modelsDestroyed).toEqual(exact.modelsDestroyed);
    expect(report.woundsLost).toEqual(exact.woundsLost);
    expect(report.modelsDestroyed).toHaveLength(11);
    expect(report.modelsDestroyed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(report.meanModelsDestroyed).toBeCloseTo(exact.meanModelsDestroyed, 12);
  });

  it('reads the scenario from standard input with "-"', async () => {
    const fromFile = await run(['analyze', example]);
    expect(await run(['analyze', '-'], JSON.stringify(scenario))).toEqual(fromFile);
  });

  it.each([
    [
      {
        ...scenario,
        attacker: {
          ...(scenario['attacker'] as object),
          weapons: [{ name: 'x', attacks: 'D7', skill: 3, strength: 4, ap: 0, damage: '1' }],
        },
      },
      'attacker.weapons[0].attacks',
    ],
    [
      { ...scenario, defender: { name: 'Boyz', models: [{ count: 5, toughness: 0, save: 5, wounds: 1 }] } },
      'defender.models[0].toughness',
    ],
    [{ ...scenario, system: 'chess' }, 'system'],
    [{ ...scenario, attacker: { ...(scenario['attacker'] as object), teleport: true } }, 'attacker.teleport'],
  ])('refuses a bad scenario with exit code 2, naming the field (%#)', async (bad, field) => {
    const { code, err, out } = await run(['analyze', '-'], JSON.stringify(bad));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(field);
  });

  it('takes the modifiers of WH40K10-MODIFIERS.md (examples/wh40k-10e-modifiers.json) and prints the exact analysis of them', async () => {
    const file = 'examples/wh40k-10e-modifiers.json';
    const { code, out } = await run(['analyze', file]);
    expect(code).toBe(0);
    const { seed: _seed, ...setup } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const parsed = setupSchema.parse(setup);
    expect(parsed.defender).toMatchObject({ stealth: true, damageReduction: 1 });
    expect(parsed.attacker.weapons[0]).toMatchObject({ criticalHitOn: 5 });
    expect((JSON.parse(out) as { modelsDestroyed: number[] }).modelsDestroyed).toEqual(
      analyzeSetup10e(parsed).modelsDestroyed,
    );
    // Without the modifiers the odds differ: they are applied, not ignored.
    const plain = setupSchema.parse({
      ...setup,
      defender: { ...(setup['defender'] as object), stealth: false, damageReduction: 0 },
    });
    expect(analyzeSetup10e(plain).meanModelsDestroyed).toBeGreaterThan(analyzeSetup10e(parsed).meanModelsDestroyed);
    const resolved = await run(['resolve', file]);
    expect(resolved.code).toBe(0);
  });

  it.each([
    [{ criticalHitOn: 1 }, 'attacker.weapons[0].criticalHitOn'],
    [{ criticalHitOn: 7 }, 'attacker.weapons[0].criticalHitOn'],
    [{ criticalWoundOn: 1 }, 'attacker.weapons[0].criticalWoundOn'],
    [{ criticalWoundOn: 4.5 }, 'attacker.weapons[0].criticalWoundOn'],
    [{ damageReroll: 'failed' }, 'attacker.weapons[0].damageReroll'],
  ])('refuses a weapon modifier out of range with exit code 2, naming the field (%#)', async (patch, field) => {
    const weapons = [{ name: 'x', attacks: '1', skill: 3, strength: 4, ap: 0, damage: '1', ...patch }];
    const { code, err } = await run(
      ['analyze', '-'],
      JSON.stringify({ ...scenario, attacker: { ...(scenario['attacker'] as object), weapons } }),
    );
    expect(code).toBe(2);
    expect(err).toContain(field);
  });

  it.each([
    [{ saveModifier: 2 }, 'defender.saveModifier'],
    [{ saveModifier: -2 }, 'defender.saveModifier'],
    [{ damageReduction: 2 }, 'defender.damageReduction'],
    [{ apReduction: 2 }, 'defender.apReduction'],
    [{ saveReroll: 'all' }, 'defender.saveReroll'],
    [{ stealth: 1 }, 'defender.stealth'],
    [{ halfDamage: 'yes' }, 'defender.halfDamage'],
    [
      { models: [{ count: 1, toughness: 4, save: 3, wounds: 2, feelNoPainMortal: 1 }] },
      'defender.models[0].feelNoPainMortal',
    ],
  ])('refuses a defender modifier out of range with exit code 2, naming the field (%#)', async (patch, field) => {
    const { code, err } = await run(
      ['analyze', '-'],
      JSON.stringify({ ...scenario, defender: { ...(scenario['defender'] as object), ...patch } }),
    );
    expect(code).toBe(2);
    expect(err).toContain(field);
  });

  it('says what is wrong with a file that is missing or not JSON', async () => {
    expect(await run(['analyze', 'no/such/file.json'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('Cannot read no/such/file.json'),
    });
    expect(await run(['analyze', '-'], '{ not json')).toMatchObject({
      code: 2,
      err: expect.stringContaining('not valid JSON'),
    });
    expect(await run(['analyze'])).toMatchObject({ code: 2, err: expect.stringContaining('Give a scenario file') });
  });
});

describe('combat-companion resolve', () => {
  it('resolves with entered dice to a known result and prints the log and final state', async () => {
    const { code, out } = await run(['resolve', 'examples/wh40k-10e-entered-dice.json']);
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      inputs: Array<{ kind: string; dice?: number[]; by?: string }>;
      outcome: string[];
      view: { sides: { defender: { units: Array<{ models: Array<{ destroyed: boolean }> }> } } };
    };
    expect(result.inputs.filter((i) => i.kind === 'roll').map((i) => i.dice)).toEqual([
      [6, 5, 4, 3, 2, 1],
      [6, 2, 3],
      [6, 2, 1],
    ]);
    expect(result.inputs.every((i) => i.kind !== 'roll' || i.by === 'entered')).toBe(true);
    expect(result.outcome[0]).toBe('Termagants: 2 models destroyed of 10');
    expect(result.view.sides.defender.units[0]?.models.filter((m) => m.destroyed)).toHaveLength(2);
  });

  it('resolves with a seed, the same way every time', async () => {
    const first = await run(['resolve', example]);
    expect(first.code).toBe(0);
    expect(await run(['resolve', example])).toEqual(first);
    const resolved = JSON.parse(first.out) as { seed: number; inputs: Array<{ by?: string }> };
    expect(resolved.seed).toBe(2026);
    expect(resolved.inputs.some((i) => i.by === 'rolled')).toBe(true);
  });

  // WH40K10-MODIFIERS.md "Everything else is unchanged": resolve asks for the extra dice these rules need.
  it('with entered dice, applies the modifiers and asks for their extra dice: Critical Hit on 5+ past Stealth, the save re-roll, the damage re-roll with the Feel No Pain dice', async () => {
    const scenario10e = {
      system: 'wh40k-10e',
      attacker: {
        name: 'Hellblasters',
        ranged: true,
        weapons: [
          {
            name: 'Gun',
            attacks: '1',
            skill: 5,
            strength: 4,
            ap: 0,
            damage: 'D6',
            criticalHitOn: 5,
            damageReroll: 'all',
          },
        ],
      },
      defender: {
        name: 'Wardens',
        stealth: true,
        saveReroll: 'failed',
        halfDamage: true,
        damageReduction: 1,
        models: [{ name: 'Warden', count: 1, toughness: 4, save: 4, wounds: 3, feelNoPain: 5 }],
      },
      // hit 5: BS 5+ with Stealth needs 6+, but a 5 is a Critical Hit (criticalHitOn 5) and hits;
      // wound 4 (S4 = T4 → 4+); save 2 fails (Sv 4+), re-rolled ('failed') to 1, fails again;
      // Damage D6 shows 2 (its 2 Feel No Pain dice, 6 and 6, are set aside unread), below its
      // average 3.5 ('all'), re-rolled to 5; halved → 3, −1 → 2;
      // Feel No Pain 5+ on each of the 2 points: 5 saves one, 1 does not → 1 wound lost of 3.
      dice: [5, 4, 2, 1, 2, 6, 6, 5, 5, 1],
    };
    const { code, out, err } = await run(['resolve', '-'], JSON.stringify(scenario10e));
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      inputs: Array<{ kind: string; stepId: string; dice?: number[] }>;
      outcome: string[];
    };
    expect(result.inputs.map((i) => [i.stepId.split('.')[1], i.dice])).toEqual([
      ['hit', [5]],
      ['wound', [4]],
      ['saves', [2]],
      ['saveRerolls', [1]],
      ['damage', [2, 6, 6]],
      ['damageReroll', [5, 5, 1]],
    ]);
    expect(result.outcome).toEqual(['Wardens: 0 models destroyed of 1', 'Wounds lost: 1', 'Warden: 2/3 wounds left']);
    // Without the Critical Hit on 5+ the 5 misses (6+ needed): the same dice are then too many.
    const noCrit = {
      ...scenario10e,
      attacker: { ...scenario10e.attacker, weapons: [{ ...scenario10e.attacker.weapons[0]!, criticalHitOn: 6 }] },
    };
    expect(await run(['resolve', '-'], JSON.stringify(noCrit))).toMatchObject({
      code: 2,
      err: expect.stringContaining('unused'),
    });
  });

  it('with entered dice, Devastating Wounds on a Critical Wound of 5+ deal halved mortal wounds facing the Feel No Pain against mortal wounds; the attacker’s own mortal wounds are not halved', async () => {
    const scenario10e = {
      system: 'wh40k-10e',
      attacker: {
        name: 'Hellblasters',
        mortalWounds: 1,
        weapons: [
          {
            name: 'Gun',
            attacks: '1',
            skill: 3,
            strength: 4,
            ap: 0,
            damage: '4',
            criticalWoundOn: 5,
            abilities: { devastatingWounds: true },
          },
        ],
      },
      defender: {
        name: 'Wardens',
        halfDamage: true,
        models: [{ name: 'Warden', count: 1, toughness: 4, save: 3, wounds: 3, feelNoPain: 6, feelNoPainMortal: 4 }],
      },
      // hit 3; wound 5 is a Critical Wound (criticalWoundOn 5): no save, Damage 4 halved → 2 mortal
      // wounds, each facing the better Feel No Pain, 4+: 4 saves one, 3 does not; then the 1 mortal
      // wound of attacker.mortalWounds, never halved, against 4+ too: 1 fails → 2 wounds lost of 3.
      dice: [3, 5, 4, 3, 1],
    };
    const { code, out, err } = await run(['resolve', '-'], JSON.stringify(scenario10e));
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as { inputs: Array<{ stepId: string; dice?: number[] }>; outcome: string[] };
    expect(result.inputs.map((i) => i.dice)).toEqual([[3], [5], [4, 3], [1]]);
    expect(result.outcome).toEqual(['Wardens: 0 models destroyed of 1', 'Wounds lost: 2', 'Warden: 1/3 wounds left']);
  });

  it('refuses too few dice, too many dice, and no dice source at all', async () => {
    const base = JSON.parse(readFileSync('examples/wh40k-10e-entered-dice.json', 'utf8')) as Record<string, unknown>;
    expect(await run(['resolve', '-'], JSON.stringify({ ...base, dice: [6, 5, 4] }))).toMatchObject({
      code: 2,
      err: expect.stringContaining('Ran out of dice'),
    });
    expect(
      await run(['resolve', '-'], JSON.stringify({ ...base, dice: [...(base['dice'] as number[]), 4, 4] })),
    ).toMatchObject({ code: 2, err: expect.stringContaining('2 of the given dice unused') });
    const { dice: _dice, ...none } = base;
    expect(await run(['resolve', '-'], JSON.stringify(none))).toMatchObject({
      code: 2,
      err: expect.stringContaining('"seed"'),
    });
    expect(await run(['resolve', '-'], JSON.stringify({ ...base, dice: [6, 9] }))).toMatchObject({
      code: 2,
      err: expect.stringContaining('dice[1]'),
    });
  });
});
