import { epicArmageddonLayout } from './setupLayout';
import { epicArmageddonRosterLabels } from './roster/labels';
import { defineSystem, SideRefused } from '../definition';
import { epicArmageddonAnalysis } from './analysis';
import { epicArmageddon } from './index';
import { epicArmageddonImport } from './roster/battlescribe';
import { epicArmageddonProfileSchema } from './roster/profile';
import { sideForAssault } from './roster/toCombat';

/** Epic Armageddon: the assault, A1–A8 (seed 003). */
export const epicArmageddonSystem = defineSystem({
  id: 'epic-armageddon',
  name: epicArmageddon.name,
  rules: epicArmageddon,
  analysis: epicArmageddonAnalysis,
  setupLayout: epicArmageddonLayout,
  roster: {
    profile: epicArmageddonProfileSchema,
    labels: epicArmageddonRosterLabels,
    // A roster entry is a formation: the whole formation is the side (its units, its Blast markers).
    toSide: ({ rosterName, unitName, profile }) => {
      try {
        return { side: { ...sideForAssault(rosterName, unitName, profile) } };
      } catch (error) {
        throw new SideRefused(error instanceof Error ? error.message : String(error));
      }
    },
    // BSData wh40k-epic-armageddon "Epic Armageddon"; by name, any other Epic Armageddon data set.
    import: {
      ...epicArmageddonImport,
      games: { ids: ['8f10-ee06-8dc1-beb6'], names: /\bepic\b.{0,40}\barmageddon\b/i },
    },
  },
  conformance: () => import('./conformance'),
});
