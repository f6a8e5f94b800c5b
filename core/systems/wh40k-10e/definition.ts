import { wh40k10eLayout } from './setupLayout';
import { wh40k10eRosterLabels } from './roster/labels';
import { defineSystem, SideRefused } from '../definition';
import { wh40k10eAnalysis } from './analysis';
import { wh40k10e } from './index';
import { wh40k10eImport } from './roster/battlescribe';
import { exampleProfile } from './roster/example';
import { wh40k10eProfileSchema } from './roster/profile';
import { attackerForCombat, defenderForCombat } from './roster/toCombat';

/** Warhammer 40,000 10th edition: one unit's attacks on another (seed 001). */
export const wh40k10eSystem = defineSystem({
  id: 'wh40k-10e',
  name: wh40k10e.name,
  rules: wh40k10e,
  analysis: wh40k10eAnalysis,
  setupLayout: wh40k10eLayout,
  roster: {
    profile: wh40k10eProfileSchema,
    exampleProfile,
    labels: wh40k10eRosterLabels,
    // The attacker is the unit's weapons (ranged when shooting, melee when fighting); the target its models and defensive rules.
    // Shooting, one set of ranged weapons at a time (the Pistol rule); the sets are offered when there is a choice.
    toSide: ({ unitName, profile }, { side, ranged, weaponSet }) => {
      if (ranged === undefined) throw new SideRefused('ranged: expected true or false', 'ranged');
      if (side !== 'attacker') return { side: defenderForCombat(unitName, profile) };
      const { side: attacker, notes, weaponSets } = attackerForCombat(unitName, profile, ranged, weaponSet);
      return { side: attacker, ...(notes.length > 0 ? { notes } : {}), ...(weaponSets ? { weaponSets } : {}) };
    },
    // BSData wh40k-10e "Warhammer 40,000 10th Edition" (BattleScribe and New Recruit); by name, any other 10th edition data set.
    import: {
      ...wh40k10eImport,
      games: {
        ids: ['sys-352e-adc2-7639-d6a9'],
        names: /warhammer\s{0,3}40(?:,?000|k).{0,40}\b10th\b|\bwh40k.{0,20}\b10(th|e)\b/i,
      },
    },
  },
  conformance: () => import('./conformance'),
});
