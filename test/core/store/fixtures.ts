import { registry } from '../../../core/systems';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { CompanionDb, createRepository, type RepoDeps } from '../../../core/store';
import type { SystemId } from '../../../core/roster';

/** A valid unit profile of each system, as a player would type it (defaults left out). */
export const validProfiles: Record<SystemId, Record<string, unknown>> = {
  'wh40k-10e': {
    keywords: ['Infantry', 'Imperium'],
    models: [
      { name: 'Sergeant', count: 1, movement: 6, toughness: 4, save: 3, wounds: 2, leadership: 6, objectiveControl: 2 },
      {
        name: 'Intercessor',
        count: 4,
        movement: 6,
        toughness: 4,
        save: 3,
        invulnerable: null,
        wounds: 2,
        leadership: 6,
        objectiveControl: 2,
        feelNoPain: 6,
      },
    ],
    weapons: [
      {
        name: 'Bolt rifle',
        range: 24,
        attacks: 2,
        skill: 3,
        strength: 4,
        ap: -1,
        damage: 1,
        abilities: { rapidFire: 1 },
      },
      { name: 'Close combat weapon', range: 'melee', attacks: 3, skill: 3, strength: 4, ap: 0, damage: 1 },
    ],
    abilities: ['Oath of Moment'],
  },
  'wh40k-7e': {
    unitType: 'infantry',
    models: [
      {
        name: 'Space Marine',
        count: 5,
        weaponSkill: 4,
        ballisticSkill: 4,
        strength: 4,
        toughness: 4,
        wounds: 1,
        initiative: 4,
        attacks: 1,
        leadership: 8,
        save: 3,
        specialRules: ['And They Shall Know No Fear'],
      },
    ],
    weapons: [
      { name: 'Boltgun', range: 24, strength: 4, ap: 5, type: 'rapid-fire' },
      { name: 'Power fist', range: 'melee', strength: 'x2', ap: 2, type: 'melee', specialRules: ['Unwieldy'] },
    ],
  },
  'old-world': {
    models: 20,
    movement: 4,
    weaponSkill: 3,
    ballisticSkill: 3,
    strength: 3,
    toughness: 3,
    wounds: 1,
    initiative: 3,
    attacks: 1,
    leadership: 7,
    armour: 5,
    ward: null,
    troopType: 'infantry',
    rankWidth: 5,
    standard: true,
    musician: true,
    weapons: [{ name: 'Halberd', strengthBonus: 1, armourPiercing: 1 }],
    specialRules: ['Close Order'],
  },
  'epic-armageddon': {
    blastMarkers: 1,
    units: [
      {
        name: 'Warhound Titan',
        count: 1,
        type: 'war-engine',
        speed: 30,
        armour: 5,
        closeCombat: 5,
        firefight: 3,
        damageCapacity: 3,
        weapons: [
          { name: 'Plasma blastgun', range: 45, macroWeapon: 2, specialRules: ['Slow Firing'] },
          { name: 'Vulcan mega-bolter', range: 45, antiPersonnel: 3, antiTank: 5 },
        ],
        specialRules: ['Reinforced Armour', 'Walker'],
      },
    ],
  },
  'ninth-age': {
    models: 20,
    height: 'standard',
    type: 'infantry',
    global: { advanceRate: 4, marchRate: 8, discipline: 7 },
    defensive: { healthPoints: 1, defensiveSkill: 3, resilience: 3, armour: 1, aegis: null },
    offensive: [{ name: 'Spearman', attacks: 1, offensiveSkill: 3, strength: 3, armourPenetration: 0, agility: 3 }],
    specialRules: ['Fight in Extra Rank'],
  },
};

/** A fresh in-memory store per test: its own IndexedDB factory, a fixed clock, counted ids. */
export function freshStore(options: { name?: string } = {}) {
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  let tick = 0;
  let id = 0;
  const deps: RepoDeps = {
    // Each call one second later, so sorting by time is deterministic.
    clock: () => new Date(Date.UTC(2024, 4, 1, 18, 0, tick++)).toISOString(),
    newId: () => `id-${++id}`,
  };
  const db = new CompanionDb(idb, { ...options, registry });
  const repo = createRepository(db, deps);
  return { idb, db, repo, deps };
}
