import type { z } from 'zod';
import { labels, list, name, oneOf, optionalSave, record, stat } from '../../../validation/profileFields';

/** The Ninth Age: global, defensive and offensive characteristics, height and type. */
export const ninthAgeOffensiveSchema = record({
  name: name(),
  attacks: stat(0, 20),
  offensiveSkill: stat(0, 10),
  strength: stat(0, 10),
  armourPenetration: stat(0, 10),
  agility: stat(0, 10),
  specialRules: labels(),
});

export const ninthAgeProfileSchema = record({
  models: stat(1, 200),
  /** Models per rank (optional, added for melee; rosters stored without it get 5). */
  rankWidth: stat(1, 30).default(5),
  height: oneOf(['standard', 'large', 'gigantic']),
  type: oneOf(['infantry', 'beast', 'cavalry', 'construct']),
  global: record({
    advanceRate: stat(0, 20),
    marchRate: stat(0, 40),
    /** Discipline (the unit's courage). */
    discipline: stat(0, 10),
  }),
  defensive: record({
    healthPoints: stat(1, 20),
    defensiveSkill: stat(0, 10),
    resilience: stat(0, 10),
    armour: stat(0, 6),
    aegis: optionalSave(),
    /** Fortitude save (optional, added for melee; rosters stored without it have none). */
    fortitude: optionalSave(),
  }),
  offensive: list(ninthAgeOffensiveSchema, 1, 10, 'offensive profiles'),
  specialRules: labels(),
});
export type NinthAgeProfile = z.output<typeof ninthAgeProfileSchema>;
