import { oldWorldLayout } from './setupLayout';
import { oldWorldRosterLabels } from './roster/labels';
import { defineSystem } from '../definition';
import { oldWorldAnalysis } from './analysis';
import { oldWorld } from './index';
import { oldWorldImport } from './roster/battlescribe';
import { oldWorldProfileSchema, upgradeOldWorldProfile } from './roster/profile';
import { unitForCombat } from './roster/toCombat';

/** Warhammer Fantasy Battle 6th edition, the ranks game: close combat (seed 002). */
export const oldWorldSystem = defineSystem({
  id: 'old-world',
  name: oldWorld.name,
  rules: oldWorld,
  analysis: oldWorldAnalysis,
  setupLayout: oldWorldLayout,
  roster: {
    profile: oldWorldProfileSchema,
    labels: oldWorldRosterLabels,
    // Profiles stored before the troop types became the 6th edition's are read in today's terms.
    upgradeProfile: upgradeOldWorldProfile,
    // One unit of that side (a side may have several); the roster's name names the side.
    toSide: ({ rosterName, unitName, profile }) => ({
      side: { name: rosterName, units: [unitForCombat(unitName, profile)] },
    }),
    import: {
      ...oldWorldImport,
      // WHFB 6th edition: the "WHFB 6th Edition" and BSData whfb "Warhammer Fantasy Battle 6th edition" data sets, New Recruit's
      // "Warhammer Fantasy Battles (6th definitive edition)" (lexicanum-imperialis); by name, any other 6th edition data set, and The Old World.
      games: {
        ids: ['4ca8-2035-2f87-1bd7', '6d8e-38d9-3c69-febf', '0d13-7737-ea86-4662'],
        names: /\b(whfb|warhammer\s{1,3}fantasy(\s{1,3}battles?)?)\b.{0,40}\b6th\b|\bthe old world\b/i,
      },
    },
  },
  conformance: () => import('./conformance'),
});
