import type { z } from 'zod';
import type { SystemAnalysis } from '../analysis/system';
import type { SetupLayout } from '../combat/setupLayout';
import type { RuleSystem } from '../combat/system';
import type { SystemImport } from '../battlescribe/types';
import type { ProfileLabels } from '../validation/profileLabels';
import type { SystemConformance } from './conformance';

/** Which side of a combat a roster unit fills, and how ("Pick from roster"). */
export interface SideRequest {
  side: 'attacker' | 'defender';
  /** 40k 10e: shooting takes the unit's ranged weapons, fighting its melee weapons. */
  ranged?: boolean;
  /** 40k 10e, shooting: which ranged weapons fire together ("others" or "pistols", the Pistol rule); the first set when absent. */
  weaponSet?: 'all' | 'others' | 'pistols';
}

/** A stored roster unit as the host hands it to a system's converter (its profile already checked against `profileSchema`). */
export interface RosterUnitInput<Profile> {
  rosterName: string;
  unitName: string;
  profile: Profile;
}

/** A side filled from a roster: the value in the setup's own shape, and what the player should check. */
export interface FilledSide {
  side: Record<string, unknown>;
  notes?: string[];
  /** 40k 10e, shooting: the sets of ranged weapons the unit may fire, when it has a choice (the Pistol rule), and which was filled. */
  weaponSets?: { id: 'all' | 'others' | 'pistols'; label: string; selected: boolean }[];
}

/** A refusal in words ("That unit has no melee weapon"), naming the request field it is about. */
export class SideRefused extends Error {
  constructor(
    message: string,
    readonly field: 'unitId' | 'rosterId' | 'ranged' | 'weaponSet' = 'unitId',
    readonly code: 'invalid_input' | 'unsupported' = 'invalid_input',
  ) {
    super(message);
    this.name = 'SideRefused';
  }
}

/** The game systems a data set of BattleScribe / New Recruit is recognised as (its game system id, else its name). */
export interface GameRecognition {
  ids: readonly string[];
  names: RegExp;
}

/**
 * Everything the app knows of one rule system, from its one folder (core/systems/<id>/): the rules
 * as a pure fold, their exact odds, the roster profile and how a roster unit fills a combat side,
 * the BattleScribe mapping and the games it reads. The registry (core/systems/index.ts) lists
 * these; every other registry (analysis, roster profiles, import, setup screens, CLI) is derived
 * from it, so adding a system is its folder and one line there.
 */
export interface SystemDefinition<Id extends string = string, Profile extends z.ZodType = z.ZodType> {
  id: Id;
  /** As the Combat page names it, e.g. "Warhammer Fantasy Battle 6th edition". */
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each system's own setup and state types
  rules: RuleSystem<any, any>;
  analysis?: SystemAnalysis;
  /** What its setup screen needs beyond the setup schema (order, groups, "Pick from roster"…); the screen works without one. */
  setupLayout?: SetupLayout;
  roster: {
    /** The unit profile a roster of this system keeps. */
    profile: Profile;
    /** How the unit editor names and lays out its fields (written into the profile's JSON Schema by the host). */
    labels?: ProfileLabels;
    /** A typical unit's profile, as a roster keeps it (the contract's examples use it). */
    exampleProfile?: z.input<Profile>;
    /** Rewrites a profile stored by an earlier version in today's terms (roster files, store migrations); identity when absent. */
    upgradeProfile?: (profile: unknown) => unknown;
    /** One side of a combat setup from a stored unit; throws `SideRefused` for a unit that cannot fill it. */
    toSide?: (unit: RosterUnitInput<z.output<Profile>>, request: SideRequest) => FilledSide;
    /** BattleScribe / New Recruit rosters of this system. */
    import?: SystemImport & { games: GameRecognition };
  };
  /**
   * What the system must show (its conformance.ts): the generic test suite, bench and browser tests
   * run every registered system from it. Loaded only when asked, so the app never carries it.
   */
  conformance: () => Promise<{ conformance: SystemConformance }>;
}

/** Keeps the id's literal type, so the registry can name its systems' ids as a type. */
export function defineSystem<const Id extends string, Profile extends z.ZodType>(
  definition: SystemDefinition<Id, Profile>,
): SystemDefinition<Id, Profile> {
  return definition;
}
