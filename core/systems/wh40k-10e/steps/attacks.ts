import { chooseStep, rollStep } from '../../../combat/stepEngine';
import { fishingMatters, hitTest, rerollOf, woundTest } from '../abilities';
import { expr, itemsPerStep, tally, valuesOf } from '../dice';
import { startWeapon, withLog } from '../flow';
import { MAX_DICE, plural, updateRun, type Run, type State } from '../state';
import { answered, ONCE, rerollNote, tagOf, weaponNow, type Applied, type Kind } from './common';
import { creditHits, creditWounds, describe, rerollsOf } from './credit';

/**
 * A weapon profile's attacks, hits and wounds (seed 001, "Making Attacks"): the random Attacks and
 * Rapid Fire dice, the hit roll and its re-rolls, Sustained Hits, the wound roll and its re-rolls.
 * Each is one roll step for every die that is rolled at the same moment (fast dice rolling).
 */

/** The target unit is destroyed: the remaining attacks and mortal wounds are lost (seed 001). */
export const wipedKind: Kind = {
  auto: (state) =>
    withLog(
      { ...state, run: null, nextWeapons: [], devastatingPending: [], mortalWoundsPending: 0, resolving: null },
      'wiped',
      'defender',
      'Target destroyed',
      `${state.setup.defender.name} is destroyed: the remaining attacks are lost`,
    ),
};

export const startWeaponKind: Kind = { auto: startWeapon };

export const endWeaponKind: Kind = { auto: (state) => ({ ...state, run: null }) };

/** Torrent: the attacks hit automatically (no hit roll, so no Critical Hits). */
export const torrentKind: Kind = {
  auto(state) {
    const run = state.run!;
    const s = updateRun(state, { woundsToRoll: run.woundsToRoll + run.hitsToRoll, hitsToRoll: 0 });
    return withLog(
      s,
      `w${run.weapon}.torrent`,
      'attacker',
      'Torrent',
      `${run.hitsToRoll} automatic hits (no Critical Hits)`,
    );
  },
};

/** Random Attacks (A) or Rapid Fire X dice: rolled for every model at once, summed into attacks to hit with. */
function attackDiceKind(stage: 'attacks' | 'rapidFire'): Kind {
  return {
    ask(state) {
      const w = weaponNow(state)!;
      const run = state.run!;
      const text = stage === 'attacks' ? w.attacks : w.abilities.rapidFire!;
      const e = expr(text);
      const models = itemsPerStep(stage === 'attacks' ? run.attackRollsPending : run.rapidFireRollsPending, e.count);
      const what = stage === 'attacks' ? 'attacks' : 'Rapid Fire attacks';
      return rollStep(state, `${tagOf(state)}.${stage}`, {
        title: `${w.name}: roll ${what}`,
        actor: 'attacker',
        count: models * e.count,
        sides: e.sides,
        needs: `${text} per model (${plural(models, 'model')})`,
        why: [
          {
            rule: stage === 'attacks' ? 'Attacks (A)' : 'Rapid Fire',
            detail: `${text} ${what} for each of ${plural(models, 'model')}${stage === 'rapidFire' ? ', within half range' : ''}`,
          },
        ],
      });
    },
    answer: answered((state, { dice }) => {
      const w = weaponNow(state)!;
      const run = state.run!;
      const values = valuesOf(expr(stage === 'attacks' ? w.attacks : w.abilities.rapidFire!), dice);
      const sum = values.reduce((a, b) => a + b, 0);
      const pendingKey = stage === 'attacks' ? 'attackRollsPending' : 'rapidFireRollsPending';
      const s = updateRun(state, { hitsToRoll: run.hitsToRoll + sum, [pendingKey]: run[pendingKey] - values.length });
      return {
        state: s,
        result: `${plural(sum, stage === 'attacks' ? 'attack' : 'extra attack')} (${values.join(', ')})`,
      };
    }),
  };
}

export const attacksKind = attackDiceKind('attacks');
export const rapidFireKind = attackDiceKind('rapidFire');

/** The hit or wound roll (first == true) or its re-roll: the dice to roll, what they need, and the re-roll rights. */
function testRollKind(roll: 'hit' | 'wound', first: boolean): Kind {
  const testOf = (state: State) =>
    roll === 'hit' ? hitTest(state.setup, weaponNow(state)!) : woundTest(state.setup, state.models, weaponNow(state)!);
  const stage = first ? roll : (`${roll}Reroll` as const);
  return {
    ask(state) {
      const w = weaponNow(state)!;
      const run = state.run!;
      const t = testOf(state);
      const pending =
        roll === 'hit'
          ? first
            ? run.hitsToRoll
            : run.hitRerollsPending
          : first
            ? run.woundsToRoll
            : run.woundRerollsPending;
      return rollStep(state, `${tagOf(state)}.${stage}`, {
        title: `${w.name}: ${roll} ${first ? 'roll' : 're-roll'}`,
        actor: 'attacker',
        count: Math.min(MAX_DICE, pending),
        sides: 6,
        passOn: t.face,
        criticalOn: t.criticalOn,
        needs: `${t.face}+`,
        why: t.why,
        notes: [first ? rerollNote[rerollOf(w, roll)]! : ONCE],
      });
    },
    answer: answered((state, { dice }) =>
      roll === 'hit' ? applyHits(state, dice, first, testOf(state)) : applyWounds(state, dice, first, testOf(state)),
    ),
  };
}

type Test = { face: number; criticalOn: number };

function applyHits(state: State, dice: readonly number[], first: boolean, test: Test): Applied {
  const run = state.run!;
  const w = weaponNow(state)!;
  const t = tally(dice, test.face, test.criticalOn);
  const r = first ? rerollsOf(rerollOf(w, 'hit'), t, fishingMatters(w, 'hit')) : { count: 0, choice: null };
  const base: Run = first
    ? { ...run, hitsToRoll: run.hitsToRoll - dice.length, hitRerollsPending: run.hitRerollsPending + r.count }
    : { ...run, hitRerollsPending: run.hitRerollsPending - dice.length };
  const credited = creditHits(state, base, t);
  const next = {
    ...credited.run,
    rerollChoice: r.choice !== null ? { stage: 'hit' as const, successes: r.choice } : null,
  };
  return {
    state: { ...state, run: next },
    result: [describe(t, 'hit', r.count), credited.text].filter(Boolean).join('; '),
  };
}

function applyWounds(state: State, dice: readonly number[], first: boolean, test: Test): Applied {
  const run = state.run!;
  const w = weaponNow(state)!;
  const t = tally(dice, test.face, test.criticalOn);
  const r = first ? rerollsOf(rerollOf(w, 'wound'), t, fishingMatters(w, 'wound')) : { count: 0, choice: null };
  const base: Run = first
    ? { ...run, woundsToRoll: run.woundsToRoll - dice.length, woundRerollsPending: run.woundRerollsPending + r.count }
    : { ...run, woundRerollsPending: run.woundRerollsPending - dice.length };
  const credited = creditWounds(state, base, t);
  const next = {
    ...credited.run,
    rerollChoice: r.choice !== null ? { stage: 'wound' as const, successes: r.choice } : null,
  };
  return {
    state: { ...credited.state, run: next },
    result: [describe(t, 'wound', r.count), credited.text].filter(Boolean).join('; '),
  };
}

export const hitKind = testRollKind('hit', true);
export const hitRerollKind = testRollKind('hit', false);
export const woundKind = testRollKind('wound', true);
export const woundRerollKind = testRollKind('wound', false);

/** Sustained Hits X with dice: X rolled per Critical Hit, each extra hit rolling to wound. */
export const sustainedKind: Kind = {
  ask(state) {
    const w = weaponNow(state)!;
    const e = expr(w.abilities.sustainedHits!);
    const crits = itemsPerStep(state.run!.sustainedRollsPending, e.count);
    return rollStep(state, `${tagOf(state)}.sustained`, {
      title: `${w.name}: Sustained Hits ${w.abilities.sustainedHits}`,
      actor: 'attacker',
      count: crits * e.count,
      sides: e.sides,
      needs: `${w.abilities.sustainedHits} extra hits per Critical Hit (${crits})`,
      why: [
        {
          rule: 'Sustained Hits',
          detail: `each Critical Hit scores ${w.abilities.sustainedHits} additional hits, which roll to wound normally`,
        },
      ],
    });
  },
  answer: answered((state, { dice }) => {
    const run = state.run!;
    const values = valuesOf(expr(weaponNow(state)!.abilities.sustainedHits!), dice);
    const sum = values.reduce((a, b) => a + b, 0);
    const s = updateRun(state, {
      woundsToRoll: run.woundsToRoll + sum,
      sustainedRollsPending: run.sustainedRollsPending - values.length,
    });
    return { state: s, result: `${plural(sum, 'extra hit')} (${values.join(', ')})` };
  }),
};

/** Re-roll rights on any die: re-roll the failed dice only, or also fish for criticals with the non-critical successes. */
export const rerollChoiceKind: Kind = {
  ask(state) {
    const w = weaponNow(state)!;
    const c = state.run!.rerollChoice!;
    const crit = c.stage === 'hit' ? 'Critical Hits' : 'Critical Wounds';
    return chooseStep(state, `${tagOf(state)}.rerollChoice`, {
      title: `${w.name}: ${c.stage} re-roll`,
      actor: 'attacker',
      prompt: `You may re-roll any ${c.stage} roll. Re-roll the failed dice only, or also the ${c.successes} successful dice that are not critical (fishing for ${crit})?`,
      options: [
        { id: 'failed', label: 'Re-roll the failed dice only', suggested: true },
        {
          id: 'fish',
          label: `Also re-roll the ${plural(c.successes, 'non-critical success', 'non-critical successes')}`,
          detail: `they may fail; a critical roll would be a ${crit.slice(0, -1)}`,
        },
      ],
      why: [
        {
          rule: 'Re-rolls',
          detail: `re-roll rights on every ${c.stage} roll; a die is re-rolled once, before modifiers`,
        },
      ],
    });
  },
  answer: answered((state, { option }) => {
    const run = state.run!;
    const c = run.rerollChoice!;
    if (option === 'failed') return { state: updateRun(state, { rerollChoice: null }), result: 'failed dice only' };
    // 'all' re-rolls: the non-critical successes are taken back and re-rolled with the failed dice.
    const s =
      c.stage === 'hit'
        ? updateRun(state, {
            rerollChoice: null,
            woundsToRoll: run.woundsToRoll - c.successes,
            hitRerollsPending: run.hitRerollsPending + c.successes,
          })
        : updateRun(state, {
            rerollChoice: null,
            savesToMake: run.savesToMake - c.successes,
            woundRerollsPending: run.woundRerollsPending + c.successes,
          });
    return {
      state: s,
      result: `also re-rolling ${plural(c.successes, 'non-critical success', 'non-critical successes')}`,
    };
  }),
};
