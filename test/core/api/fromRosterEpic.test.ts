import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';
import { createFromRosterBackend } from '../../../core/api/backends/fromRoster';
import { setupSchema } from '../../../core/systems/epic-armageddon/setup';
import { freshStore, validProfiles } from '../store/fixtures';

/** combat.sideFromRoster for Epic Armageddon: a roster entry is a formation, and the whole formation is the side. */

describe('combat.sideFromRoster (Epic Armageddon)', () => {
  it('gives the whole formation as one side: the roster names the army, the entry the formation, with its Blast markers', async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({
      name: 'Legio Metalica',
      system: 'epic-armageddon',
      pointsLimit: null,
      notes: '',
    });
    const battlegroup = await repo.saveUnit(roster.id, {
      name: 'Warhound pack',
      points: 275,
      profile: validProfiles['epic-armageddon'],
    });
    const picked = await createFromRosterBackend(repo, registry)['combat.sideFromRoster']({
      rosterId: roster.id,
      unitId: battlegroup.id,
      side: 'attacker',
    });
    expect(picked).toEqual({
      system: 'epic-armageddon',
      name: 'Warhound pack',
      side: {
        name: 'Legio Metalica',
        formation: 'Warhound pack',
        blastMarkers: 1,
        broken: false,
        knowNoFear: false,
        support: [],
        units: [
          {
            name: 'Warhound Titan',
            count: 1,
            type: 'war-engine',
            armour: 5,
            cc: 5,
            ff: 3,
            engaged: 'contact',
            weapons: [],
            reinforcedArmour: true,
            invulnerable: false,
            fearless: false,
            inspiring: false,
            cover: null,
            damageCapacity: 3,
          },
        ],
      },
    });
    const setup = setupSchema.safeParse({
      system: 'epic-armageddon',
      attacker: picked.side,
      defender: { ...picked.side, name: 'Traitors' },
    });
    expect(setup.success).toBe(true);
  });

  it('refuses, in words, a formation with no unit that can take part in an assault', async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({ name: 'Navy', system: 'epic-armageddon', pointsLimit: null, notes: '' });
    const wing = await repo.saveUnit(roster.id, {
      name: 'Thunderbolt wing',
      points: 150,
      profile: {
        units: [{ name: 'Thunderbolt', count: 2, type: 'aircraft', speed: 0, armour: 6, closeCombat: 7, firefight: 7 }],
      },
    });
    await expect(
      createFromRosterBackend(repo, registry)['combat.sideFromRoster']({
        rosterId: roster.id,
        unitId: wing.id,
        side: 'defender',
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'unitId',
      message: 'Thunderbolt wing has no units that can take part in an assault (aircraft and characters alone cannot).',
    });
  });
});
