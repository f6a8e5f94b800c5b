import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { oldWorld } from '../../../core/systems/old-world';
import type { SetupInput as OldWorldSetup } from '../../../core/systems/old-world/setup';
import { wh40k10e } from '../../../core/systems/wh40k-10e';
import type { SetupInput as Wh40k10eSetup } from '../../../core/systems/wh40k-10e/profiles';
import type { RuleSystem } from '../../../core/combat';
import { fieldProblems, formatPath } from '../../../core/validation/issues';

/**
 * Every field of both setup schemas, given a wrong value, is refused with a message in words that
 * names its range or what was expected ("expected a number from -3 to 3"), never zod's bare
 * "Invalid input" / "Too big", because the setup screen shows it beside the field's label
 * (brief: validation standards; core/validation/fields.ts). Each field also carries the label
 * players know (`.meta({ title })`), which the shared setup form and the problem list read.
 */

type Json = Record<string, unknown>;
interface Node {
  type?: string;
  title?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
}

/** A setup that sets every field (every optional list has an item, every nullable value is given). */
const full10e: Wh40k10eSetup = {
  system: 'wh40k-10e',
  attacker: {
    name: 'Intercessors',
    weapons: [
      {
        name: 'Bolt rifle',
        models: 5,
        attacks: 'D3+1',
        skill: 3,
        strength: 4,
        ap: -1,
        damage: 1,
        hitModifier: 1,
        woundModifier: -1,
        hitReroll: 'ones',
        woundReroll: 'failed',
        criticalHitOn: 5,
        criticalWoundOn: 5,
        damageReroll: 'all',
        abilities: {
          lethalHits: true,
          sustainedHits: 1,
          devastatingWounds: true,
          twinLinked: true,
          torrent: false,
          anti: { keyword: 'infantry', threshold: 4 },
          blast: true,
          rapidFire: 'D3',
          melta: 2,
          lance: true,
          heavy: true,
          ignoresCover: true,
          precision: true,
          hazardous: true,
        },
      },
    ],
    charged: true,
    remainedStationary: true,
    halfRange: true,
    ranged: true,
    mortalWounds: 2,
  },
  defender: {
    name: 'Boyz',
    keywords: ['infantry', 'orks'],
    cover: true,
    stealth: true,
    saveModifier: 1,
    saveReroll: 'ones',
    apReduction: 1,
    halfDamage: true,
    damageReduction: 1,
    models: [
      {
        name: 'Boss Nob',
        count: 1,
        toughness: 5,
        save: 5,
        invulnerable: 5,
        wounds: 2,
        feelNoPain: 6,
        feelNoPainMortal: 5,
        deadlyDemise: 'D3',
        character: true,
      },
    ],
  },
};

const profile = {
  movement: 4,
  weaponSkill: 4,
  strength: 4,
  toughness: 3,
  wounds: 1,
  initiative: 4,
  attacks: 1,
  leadership: 8,
  armour: 5,
  ward: 5,
  troopType: 'infantry' as const,
  weapon: 'hand weapon' as const,
  shield: true,
};
const fullOldWorld: OldWorldSetup = {
  system: 'old-world',
  attacker: {
    name: 'Empire',
    units: [
      {
        name: 'Swordsmen',
        profile,
        models: 20,
        woundsLost: 0,
        rankWidth: 5,
        characters: [{ name: 'Captain', profile: { ...profile, wounds: 2, attacks: 3 } }],
        standard: true,
        musician: true,
        battleStandard: true,
        charged: true,
        highGround: true,
        defendedObstacle: true,
        noRankBonus: true,
        causesFear: true,
        causesTerror: true,
        stubborn: true,
        unbreakable: true,
        immuneToPsychology: true,
        target: 0,
        facing: 'front',
        attacksAt: 0,
        inContact: 5,
      },
    ],
    nearby: [{ name: 'Handgunners', leadership: 7, movement: 4, immuneToPsychology: true }],
  },
  defender: {
    name: 'Orcs',
    units: [
      {
        name: 'Orc Boyz',
        profile,
        models: 20,
        woundsLost: 1,
        rankWidth: 6,
        characters: [{ name: 'Big Boss', profile }],
        standard: false,
        musician: false,
        battleStandard: false,
        charged: false,
        highGround: false,
        defendedObstacle: false,
        noRankBonus: false,
        causesFear: false,
        causesTerror: false,
        stubborn: false,
        unbreakable: false,
        immuneToPsychology: false,
        target: 0,
        facing: 'flank',
        attacksAt: 0,
        inContact: null,
      },
    ],
    nearby: [],
  },
  challenge: { attacker: { unit: 0, character: 0 }, defender: { unit: 0, character: 0 } },
  insaneCourage: false,
  round: 2,
  previousWinner: 'attacker',
};

const cases: Array<[string, RuleSystem, Json]> = [
  ['wh40k-10e', wh40k10e as unknown as RuleSystem, full10e as unknown as Json],
  ['old-world', oldWorld as unknown as RuleSystem, fullOldWorld as unknown as Json],
];

const variants = (node: Node): Node[] => (node.anyOf ? node.anyOf.flatMap(variants) : [node]);
const nonNull = (node: Node) => variants(node).filter((v) => v.type !== 'null');

interface Field {
  path: (string | number)[];
  node: Node;
  value: unknown;
}

/** Every field of the schema with its value in the full setup: objects' properties, and the first item of each list. */
function fields(node: Node, value: unknown, path: (string | number)[] = []): Field[] {
  const out: Field[] = [];
  for (const v of nonNull(node)) {
    if (v.type === 'object' && v.properties && value && typeof value === 'object') {
      for (const [key, child] of Object.entries(v.properties)) {
        const childValue = (value as Json)[key];
        out.push(
          { path: [...path, key], node: child, value: childValue },
          ...fields(child, childValue, [...path, key]),
        );
      }
    }
    if (v.type === 'array' && v.items && Array.isArray(value) && value.length > 0) {
      out.push({ path: [...path, 0], node: v.items, value: value[0] }, ...fields(v.items, value[0], [...path, 0]));
    }
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(root);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

/** Wrong values for a field, each with what its message must name. */
function wrongValues(field: Field): Array<{ value: unknown; names: string[] }> {
  const options = nonNull(field.node);
  const numbers = options.filter((o) => o.type === 'integer' || o.type === 'number');
  const texts = options.filter((o) => o.type === 'string' && o.enum === undefined && o.const === undefined);
  const out: Array<{ value: unknown; names: string[] }> = [];
  for (const n of numbers) {
    const range = [String(n.minimum), String(n.maximum)];
    out.push({ value: n.maximum! + 1, names: range }, { value: n.minimum! - 1, names: range });
    if (n.type === 'integer') out.push({ value: n.minimum! + 0.5, names: range });
    // A wrong type names the range too when the field takes only a number.
    out.push({ value: texts.length > 0 ? true : 'lots', names: texts.length > 0 ? [] : range });
  }
  if (numbers.length === 0 && texts.length > 0) out.push({ value: 42, names: [] });
  for (const t of texts)
    if (t.maxLength !== undefined) out.push({ value: 'x'.repeat(t.maxLength + 1), names: [String(t.maxLength)] });
  for (const o of options) {
    if (o.enum) out.push({ value: 'nonsense', names: o.enum.map(String) });
    if (o.const !== undefined) out.push({ value: 'nonsense', names: [String(o.const)] });
    if (o.type === 'boolean') out.push({ value: 'yes', names: ['true or false'] });
    if (o.type === 'object') out.push({ value: 42, names: [] });
    if (o.type === 'array') {
      out.push({ value: 'many', names: [] });
      if (o.maxItems !== undefined && Array.isArray(field.value) && field.value.length > 0)
        out.push({
          value: Array.from({ length: o.maxItems + 1 }, () => field.value![0 as never]),
          names: [String(o.maxItems)],
        });
      if (o.minItems) out.push({ value: [], names: [o.minItems === 1 ? 'one' : String(o.minItems)] });
    }
  }
  return out;
}

describe.each(cases)('%s setup: every field, wrong, is refused in words', (_id, system, full) => {
  const schema = z.toJSONSchema(system.setupSchema, { io: 'input', unrepresentable: 'any' }) as Node;
  const all = fields(schema, full);

  it('the full setup is valid and sets every field of the schema', () => {
    const parsed = system.setupSchema.safeParse(full);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(all.filter((f) => f.value === undefined).map((f) => formatPath(f.path))).toEqual([]);
  });

  it('every field and every list item has a label players know (meta title)', () => {
    const untitled = all.filter((f) => f.path.at(-1) !== 'system' && !f.node.title).map((f) => formatPath(f.path));
    expect(untitled).toEqual([]);
  });

  it.each(all.map((f) => [formatPath(f.path), f] as const))('%s', (_, field) => {
    const wrong = wrongValues(field);
    if (field.path.at(-1) !== 'system') expect(wrong.length).toBeGreaterThan(0);
    for (const { value, names } of wrong) {
      const parsed = system.setupSchema.safeParse(setAt(full, field.path, value));
      expect(parsed.success, `${JSON.stringify(value)} accepted`).toBe(false);
      if (parsed.success) continue;
      const path = formatPath(field.path);
      const problem = fieldProblems(parsed.error).find((p) => p.field === path);
      expect(
        problem,
        `no problem at ${path} for ${JSON.stringify(value)}: ${JSON.stringify(parsed.error.issues)}`,
      ).toBeDefined();
      const message = problem!.message.slice(path.length + 2);
      expect(message, `${path} = ${JSON.stringify(value)}`).toMatch(/^expected /);
      expect(message).not.toMatch(/invalid input|invalid option|too big|too small|received/i);
      for (const name of names) expect(message, `${path} = ${JSON.stringify(value)}`).toContain(name);
    }
  });
});
