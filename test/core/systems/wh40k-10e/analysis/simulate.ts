import { drawDice, seedState, type RngState } from '../../../../../core/dice/prng';
import { evaluateDice, parseDice } from '../../../../../core/dice/expression';
import type { Setup, Weapon } from '../../../../../core/systems/wh40k-10e/profiles';
import type { Situation } from '../../../../../core/systems/wh40k-10e/situation';
import {
  armourSaveFace,
  coverBonus,
  faceNeeded,
  invulnerableSaveFace,
  woundTarget,
} from '../../../../../core/systems/wh40k-10e/tables';

/**
 * A deliberately simple, independent Monte Carlo model of the 10th edition attack sequence (seed
 * 001, RULES §1), one die and one attack at a time, to check the exact analysis against. Same
 * conventions as the analysis: Toughness and Blast fixed when a weapon starts; allocation to the
 * wounded/allocated model, else the first non-character, characters last; Devastating Wounds
 * mortal wounds after all normal damage (weapon by weapon, in the order scored), excess lost; then
 * the other pending mortal wounds, spilling over (the engine's order).
 */
class Dice {
  private buffer: number[] = [];
  private i = 0;
  private state: RngState;
  constructor(seed: number) {
    this.state = seedState(seed);
  }
  d6(): number {
    if (this.i >= this.buffer.length) {
      const r = drawDice(this.state, 4096, 6);
      this.buffer = r.faces;
      this.state = r.state;
      this.i = 0;
    }
    return this.buffer[this.i++]!;
  }
  /** A dice expression: D3 is ceil(D6/2) (RULES common rules). */
  roll(text: string): number {
    const e = parseDice(text);
    const faces: number[] = [];
    for (let k = 0; k < e.count; k++) faces.push(e.sides === 3 ? Math.ceil(this.d6() / 2) : this.d6());
    return evaluateDice(e, faces);
  }
}

interface Model {
  group: number;
  left: number;
  allocated: boolean;
}

export interface Simulated {
  modelsDestroyed: number[];
  woundsLost: number[];
}

export function simulate(situation: Situation, samples: number, seed: number): Simulated {
  const setup = situation.setup;
  const groups = setup.defender.models;
  const totalModels = groups.reduce((s, g) => s + g.count, 0);
  const totalWounds = groups.reduce((s, g) => s + g.count * g.wounds, 0);
  const destroyedCounts = new Array<number>(totalModels + 1).fill(0);
  const woundCounts = new Array<number>(totalWounds + 1).fill(0);
  const dice = new Dice(seed);

  for (let s = 0; s < samples; s++) {
    const models: Model[] = situation.models.map((m) => ({
      group: m.group,
      left: m.woundsLeft,
      allocated: m.allocated,
    }));
    const startLeft = models.map((m) => Math.max(0, m.left));
    const devastating: number[] = [];
    for (const p of situation.devastatingPending) for (let k = 0; k < p.count; k++) devastating.push(p.weapon);

    // Characters only once nothing else is left; among those that may be picked, the wounded or allocated one first.
    const target = (): Model | undefined => {
      const alive = models.filter((m) => m.left > 0);
      const bodyguard = alive.filter((m) => !groups[m.group]!.character);
      const eligible = bodyguard.length > 0 ? bodyguard : alive;
      return eligible.find((m) => m.allocated || m.left < groups[m.group]!.wounds) ?? eligible[0];
    };
    const aliveCount = () => models.filter((m) => m.left > 0).length;
    const toughness = () => {
      const alive = models.filter((m) => m.left > 0);
      const non = alive.filter((m) => !groups[m.group]!.character);
      return Math.max(0, ...(non.length > 0 ? non : alive).map((m) => groups[m.group]!.toughness));
    };
    /** `points` wounds that would be lost by one model, each with Feel No Pain; excess lost. */
    const hurt = (m: Model, points: number) => {
      const fnp = groups[m.group]!.feelNoPain;
      m.allocated = true;
      for (let k = 0; k < points && m.left > 0; k++) if (fnp === null || dice.d6() < fnp) m.left -= 1;
    };
    const damageOf = (w: Weapon) =>
      dice.roll(w.damage) + (setup.attacker.halfRange && w.abilities.melta !== null ? dice.roll(w.abilities.melta) : 0);
    /** One wound reaching allocation: save (unless failed already), damage. */
    const allocate = (w: Weapon, withSave: boolean) => {
      const m = target();
      if (!m) return;
      m.allocated = true;
      if (withSave) {
        const g = groups[m.group]!;
        const armour = armourSaveFace(
          g.save,
          w.ap,
          coverBonus({
            cover: setup.defender.cover,
            ranged: setup.attacker.ranged,
            ignoresCover: w.abilities.ignoresCover,
            save: g.save,
            ap: w.ap,
          }),
        );
        const face = Math.min(armour, invulnerableSaveFace(g.invulnerable));
        const roll = dice.d6();
        if (roll !== 1 && roll >= face) return;
      }
      hurt(m, damageOf(w));
    };
    const rollWithReroll = (pass: (face: number) => boolean, reroll: string) => {
      const f = dice.d6();
      if ((reroll === 'ones' && f === 1) || ((reroll === 'failed' || reroll === 'all') && !pass(f))) return dice.d6();
      return f;
    };
    const woundRoll = (wi: number, w: Weapon, t: number, rerollAllowed: boolean) => {
      const needed = faceNeeded(
        woundTarget(w.strength, t),
        w.woundModifier + (w.abilities.lance && setup.attacker.charged ? 1 : 0),
      );
      const anti =
        w.abilities.anti && setup.defender.keywords.includes(w.abilities.anti.keyword) ? w.abilities.anti.threshold : 6;
      const reroll = !rerollAllowed ? 'none' : w.abilities.twinLinked ? 'failed' : w.woundReroll;
      const f = rollWithReroll((x) => x >= anti || (x !== 1 && x >= needed), reroll);
      if (f >= anti && w.abilities.devastatingWounds) devastating.push(wi);
      else if (f >= anti || (f !== 1 && f >= needed)) allocate(w, true);
    };
    const sustained = (wi: number, w: Weapon, t: number) => {
      if (w.abilities.sustainedHits === null) return;
      const x = dice.roll(w.abilities.sustainedHits);
      for (let k = 0; k < x; k++) woundRoll(wi, w, t, true);
    };
    const attack = (wi: number, w: Weapon, t: number, rerollAllowed: boolean) => {
      if (w.abilities.torrent) return woundRoll(wi, w, t, true);
      const needed = faceNeeded(
        w.skill,
        w.hitModifier + (w.abilities.heavy && setup.attacker.remainedStationary ? 1 : 0),
      );
      const f = rollWithReroll((x) => x !== 1 && x >= needed, rerollAllowed ? w.hitReroll : 'none');
      if (f === 6) {
        if (w.abilities.lethalHits) allocate(w, true);
        else woundRoll(wi, w, t, true);
        sustained(wi, w, t);
      } else if (f !== 1 && f >= needed) woundRoll(wi, w, t, true);
    };
    const attacksOfOneModel = (w: Weapon, alive: number) =>
      dice.roll(w.attacks) +
      (setup.attacker.halfRange && w.abilities.rapidFire !== null ? dice.roll(w.abilities.rapidFire) : 0) +
      (w.abilities.blast ? Math.floor(alive / 5) : 0);

    const cur = situation.current;
    if (cur) {
      const w = setup.attacker.weapons[cur.weapon]!;
      const t = toughness();
      for (let k = 0; k < cur.damageToApply; k++) allocate(w, false);
      for (let k = 0; k < cur.savesToMake; k++) allocate(w, true);
      for (let k = 0; k < cur.woundsToRoll; k++) woundRoll(cur.weapon, w, t, true);
      for (let k = 0; k < cur.woundRerollsPending; k++) woundRoll(cur.weapon, w, t, false);
      for (let k = 0; k < cur.sustainedRollsPending; k++) sustained(cur.weapon, w, t);
      for (let k = 0; k < cur.hitsToRoll; k++) attack(cur.weapon, w, t, true);
      for (let k = 0; k < cur.hitRerollsPending; k++) attack(cur.weapon, w, t, false);
      // Blast and a fixed Rapid Fire are already in hitsToRoll (the engine's startWeapon).
      for (let k = 0; k < cur.attackRollsPending; k++) {
        const n = dice.roll(w.attacks);
        for (let a = 0; a < n; a++) attack(cur.weapon, w, t, true);
      }
      for (let k = 0; k < (cur.rapidFireRollsPending ?? 0); k++) {
        const n = w.abilities.rapidFire === null ? 0 : dice.roll(w.abilities.rapidFire);
        for (let a = 0; a < n; a++) attack(cur.weapon, w, t, true);
      }
    }
    for (const wi of situation.nextWeapons) {
      const w = setup.attacker.weapons[wi]!;
      const t = toughness();
      const alive = aliveCount();
      if (alive === 0) break;
      for (let k = 0; k < w.models; k++) {
        const n = attacksOfOneModel(w, alive);
        for (let a = 0; a < n; a++) attack(wi, w, t, true);
      }
    }
    // Devastating Wounds criticals in the order scored (weapons resolve one after another).
    for (const wi of devastating) {
      const m = target();
      if (m) hurt(m, damageOf(setup.attacker.weapons[wi]!));
    }
    for (let k = 0; k < situation.mortalWoundsPending; k++) {
      const m = target();
      if (m) hurt(m, 1);
    }
    let destroyed = situation.modelsDestroyed;
    let lost = situation.woundsLost;
    models.forEach((m, i) => {
      if (startLeft[i]! > 0 && m.left <= 0) destroyed++;
      lost += startLeft[i]! - Math.max(0, m.left);
    });
    destroyedCounts[destroyed]! += 1;
    woundCounts[lost]! += 1;
  }
  return { modelsDestroyed: destroyedCounts.map((c) => c / samples), woundsLost: woundCounts.map((c) => c / samples) };
}

export type { Setup };
