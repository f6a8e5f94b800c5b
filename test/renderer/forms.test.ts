import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hintFor, matchesPattern } from '../../core/forms/hints';
import { labelChain } from '../../core/forms/labelChain';
import { abbreviation, compactLabel, labelOf } from '../../core/forms/labels';
import { expandPattern, perItemOptions, refOptions, repairRefs, shiftRefs } from '../../core/forms/refs';
import { getAt, initialValue, isSet, parsePath, setAt, shapeOf, type JsonSchema } from '../../core/forms/schema';
import { applyUpdate, moved } from '../../core/forms/update';
import { ninthAgeLayout } from '../../core/systems/ninth-age/setupLayout';
import { oldWorldLayout } from '../../core/systems/old-world/setupLayout';
import { ninthAge } from '../../core/systems/ninth-age';
import { oldWorld } from '../../core/systems/old-world';
import { wh40k10e } from '../../core/systems/wh40k-10e';

/** The shared schema form's logic (no DOM): labels, paths, hints, references into other lists. */

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const oldWorldSchema = jsonSchema(oldWorld.setupSchema);
const wh40kSchema = jsonSchema(wh40k10e.setupSchema);
const hints = oldWorldLayout.fields!;
const scope = { schema: oldWorldSchema, hints, sides: ['attacker', 'defender'] as const };

/** The old-world example with a second defender unit (the first with a character) and a character among the attackers. */
function twoUnits() {
  let setup = structuredClone(oldWorld.exampleSetup) as Record<string, unknown>;
  const orcs = getAt(setup, parsePath('defender.units[0]')) as Record<string, unknown>;
  setup = setAt(setup, parsePath('defender.units[0].characters'), [
    { name: 'Big Boss', profile: orcs['profile'] },
  ]) as Record<string, unknown>;
  setup = setAt(setup, parsePath('defender.units[1]'), { ...orcs, name: 'Wolf Riders', characters: [] }) as Record<
    string,
    unknown
  >;
  setup = setAt(setup, parsePath('attacker.units[0].characters'), [
    { name: 'Captain', profile: orcs['profile'] },
  ]) as Record<string, unknown>;
  return setup;
}

describe('schema reading', () => {
  it('knows each kind of field of a setup schema', () => {
    const unit = shapeOf(oldWorldSchema).inner.properties!['attacker']!.properties!['units']!.items!.properties!;
    expect(shapeOf(unit['name']!).kind).toBe('text');
    expect(shapeOf(unit['models']!).kind).toBe('number');
    expect(shapeOf(unit['attacksAt']!)).toMatchObject({ kind: 'number', nullable: true });
    expect(shapeOf(unit['facing']!).kind).toBe('enum');
    expect(shapeOf(unit['standard']!).kind).toBe('boolean');
    expect(shapeOf(unit['characters']!).kind).toBe('list');
    expect(shapeOf(unit['profile']!).kind).toBe('object');
    expect(shapeOf(oldWorldSchema.properties!['system']!).kind).toBe('const');
    const weapon = wh40kSchema.properties!['attacker']!.properties!['weapons']!.items!.properties!;
    expect(shapeOf(weapon['attacks']!).kind).toBe('mixed');
    expect(shapeOf(wh40kSchema.properties!['defender']!.properties!['keywords']!).kind).toBe('tags');
  });

  it('starts a new value from the schema: defaults, the fixed system, blanks where nothing is assumed', () => {
    const value = initialValue(oldWorldSchema) as Record<string, unknown>;
    expect(value['system']).toBe('old-world');
    expect(value['insaneCourage']).toBe(true);
    expect(value['challenge']).toBeNull();
    expect(value['attacker']).toMatchObject({
      name: '',
      units: [{ name: '', woundsLost: 0, rankWidth: 5, facing: 'front', attacksAt: null }],
    });
    expect((value['attacker'] as { units: Record<string, unknown>[] }).units[0]!['models']).toBeUndefined();
  });

  it('tells a field set from one at its default (what opens "More" by itself)', () => {
    const weapon = wh40kSchema.properties!['attacker']!.properties!['weapons']!.items!.properties!;
    expect(isSet(weapon['hitModifier']!, undefined)).toBe(false);
    expect(isSet(weapon['hitModifier']!, 0)).toBe(false);
    expect(isSet(weapon['hitModifier']!, 1)).toBe(true);
    expect(isSet(weapon['abilities']!, {})).toBe(false);
    expect(isSet(weapon['abilities']!, { lethalHits: false, sustainedHits: null })).toBe(false);
    expect(isSet(weapon['abilities']!, { lethalHits: true })).toBe(true);
  });

  it('copies only the way to a changed field', () => {
    const setup = twoUnits();
    const next = setAt(setup, parsePath('defender.units[1].name'), 'Goblins') as typeof setup;
    expect(getAt(next, parsePath('defender.units[1].name'))).toBe('Goblins');
    expect(getAt(setup, parsePath('defender.units[1].name'))).toBe('Wolf Riders');
    expect(next['attacker']).toBe(setup['attacker']);
    expect(getAt(next, parsePath('defender.units[0]'))).toBe(getAt(setup, parsePath('defender.units[0]')));
  });
});

describe('labels', () => {
  it('take the schema title, then the form’s own name, then the key in words', () => {
    expect(labelOf({ title: 'Weapon Skill (WS)', description: '3 means 3+' }, 'weaponSkill')).toEqual({
      label: 'Weapon Skill (WS)',
      description: '3 means 3+',
    });
    expect(
      labelOf({}, 'toughness', (k) => (k === 'toughness' ? { short: 'T', long: 'Toughness' } : undefined)),
    ).toEqual({ label: 'T', description: 'Toughness' });
    expect(labelOf({}, 'objectiveControl')).toEqual({ label: 'Objective control' });
    expect(abbreviation('Weapon Skill (WS)')).toBe('WS');
    expect(abbreviation('Armour save')).toBe('Armour save');
  });

  it('in a compact row: a number shows its abbreviation, nothing its help line; the full name and help are kept for hover and screen readers', () => {
    expect(compactLabel({ label: 'Close Combat (CC)', description: '3 means 3+' }, true)).toEqual({
      label: 'CC',
      full: { name: 'Close Combat (CC)', help: '3 means 3+' },
    });
    expect(compactLabel({ label: 'Engaged', description: 'contact: in base contact' }, false)).toEqual({
      label: 'Engaged',
      full: { name: 'Engaged', help: 'contact: in base contact' },
    });
    expect(compactLabel({ label: 'Fearless' }, false)).toEqual({ label: 'Fearless', full: { name: 'Fearless' } });
  });

  it('name a field by its place on screen: side, item by its name (or noun and number), field; inline boxes add no word', () => {
    const setup = twoUnits();
    const inline = (path: string) => hintFor(hints, path).inline === true;
    expect(labelChain(oldWorldSchema, setup, 'attacker.units[0].profile.weaponSkill', { inline }).join(' — ')).toBe(
      'Attacker — Halberdiers — Weapon Skill (WS)',
    );
    expect(
      labelChain(oldWorldSchema, setup, 'attacker.units[0].characters[0].profile.armour', { inline }).join(' — '),
    ).toBe('Attacker — Halberdiers — Captain — Armour save');
    const unnamed = setAt(setup, parsePath('defender.units[1].name'), '');
    expect(labelChain(oldWorldSchema, unnamed, 'defender.units[1].name', { inline }).join(' — ')).toBe(
      'Defender — Unit 2 — Unit name',
    );
    expect(labelChain(oldWorldSchema, setup, 'challenge.attacker', { inline }).join(' — ')).toBe(
      "A challenge — Attacker's challenger",
    );
    // A model profile left unnamed (the unit's name stands for it) is said by its noun and number.
    const unnamedModels = setAt(wh40k10e.exampleSetup, parsePath('defender.models[0].name'), '');
    expect(labelChain(wh40kSchema, unnamedModels, 'defender.models[0].save').join(' — ')).toBe(
      'Target — Model profile 1 — Save (Sv)',
    );
    expect(labelChain(wh40kSchema, wh40k10e.exampleSetup, 'attacker.weapons[0].abilities.melta').join(' — ')).toBe(
      'Attacker — Bolt rifle — Weapon abilities — Melta X',
    );
  });
});

describe('lists whose order counts', () => {
  it('move an item up or down, leaving the rest in order; a move past either end changes nothing', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    const list = ['a', 'b'];
    moved(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('hints', () => {
  it('match setup paths by pattern: [] any item, * any one name', () => {
    expect(matchesPattern('*.units[].target', 'attacker.units[3].target')).toBe(true);
    expect(matchesPattern('*.units[].target', 'attacker.units[3].profile.target')).toBe(false);
    expect(matchesPattern('attacker.weapons[]', 'attacker.weapons[0]')).toBe(true);
    expect(matchesPattern('attacker.weapons[]', 'attacker.weapons')).toBe(false);
    expect(matchesPattern('', '')).toBe(true);
    expect(hintFor(hints, 'defender.units[1].profile')).toMatchObject({ inline: true });
  });

  it('expand a pattern to the paths the value has', () => {
    expect(expandPattern(twoUnits(), '*.units[].target')).toEqual([
      ['attacker', 'units', 0, 'target'],
      ['defender', 'units', 0, 'target'],
      ['defender', 'units', 1, 'target'],
    ]);
  });
});

describe('references into another list', () => {
  it('offer the other side’s units and the characters of the unit fought, by name', () => {
    const setup = twoUnits();
    const refs = { root: setup, schema: oldWorldSchema, sides: ['attacker', 'defender'] };
    expect(
      refOptions(['attacker', 'units', 0, 'target'], { list: '{other}.units[]' }, refs).map((o) => o.label),
    ).toEqual(['Orc Boyz', 'Wolf Riders']);
    expect(
      refOptions(['attacker', 'units', 0, 'attacksAt'], { list: '{other}.units[$target].characters[]' }, refs).map(
        (o) => o.label,
      ),
    ).toEqual(['Big Boss']);
    expect(
      refOptions(['challenge', 'defender'], { list: '{side}.units[].characters[]', into: ['unit', 'character'] }, refs),
    ).toEqual([{ value: '0.0', indices: [0, 0], label: 'Big Boss (Orc Boyz)' }]);
  });

  it('follow their item when an earlier one is removed, and fall back when theirs is gone', () => {
    let setup = twoUnits();
    setup = setAt(setup, parsePath('attacker.units[0].target'), 1) as typeof setup;
    // The attackers fight the Wolf Riders (unit 1); the Orc Boyz (unit 0) go: still the Wolf Riders, now unit 0.
    const units = (getAt(setup, parsePath('defender.units')) as unknown[]).slice(1);
    const after = applyUpdate(setup, 'defender.units', units, scope, 0);
    expect(getAt(after, parsePath('attacker.units[0].target'))).toBe(0);
    expect(getAt(after, parsePath('attacker.units[0].attacksAt'))).toBeNull();

    // Fighting the Orc Boyz at their Big Boss: the Big Boss goes, the attacks go to the rank and file.
    let atBoss = setAt(twoUnits(), parsePath('attacker.units[0].attacksAt'), 0);
    atBoss = applyUpdate(atBoss, 'defender.units[0].characters', [], scope, 0);
    expect(getAt(atBoss, parsePath('attacker.units[0].attacksAt'))).toBeNull();
  });

  it('a new unit fought drops the character singled out in the old one (clears)', () => {
    const setup = setAt(twoUnits(), parsePath('attacker.units[0].attacksAt'), 0);
    const next = applyUpdate(setup, 'attacker.units[0].target', 1, scope);
    expect(getAt(next, parsePath('attacker.units[0].attacksAt'))).toBeNull();
  });

  it('a challenge switched on picks a character of each side; without one there is nothing to pick', () => {
    const setup = applyUpdate(twoUnits(), 'challenge', { attacker: {}, defender: {} }, scope);
    expect(getAt(setup, parsePath('challenge'))).toEqual({
      attacker: { unit: 0, character: 0 },
      defender: { unit: 0, character: 0 },
    });
    const parsed = oldWorld.setupSchema.safeParse(setup);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    const none = applyUpdate(oldWorld.exampleSetup, 'challenge', { attacker: {}, defender: {} }, scope);
    expect(getAt(none, parsePath('challenge.attacker'))).toEqual({});
  });

  it('leave a valid value as it is', () => {
    const setup = twoUnits();
    expect(repairRefs(setup, hints, scope)).toEqual(setup);
    expect(shiftRefs(setup, 'attacker.nearby', 0, hints, scope)).toEqual(setup);
  });
});

describe('a list of numbers kept per item of another list (Ninth Age: attacks at each enemy character)', () => {
  const schema = jsonSchema(ninthAge.setupSchema);
  const nine = { schema, hints: ninthAgeLayout.fields!, sides: ['attacker', 'defender'] as const };
  const example = () => structuredClone(ninthAge.exampleSetup) as Record<string, unknown>;
  const at = (setup: unknown, path: string) => getAt(setup, parsePath(path));

  it('is a list of numbers, one field per enemy character, named by him', () => {
    expect(shapeOf(schema.properties!['attacker']!.properties!['unit']!.properties!['attacksAtCharacters']!).kind).toBe(
      'numbers',
    );
    const refs = { root: example(), schema, sides: nine.sides };
    expect(
      perItemOptions(
        ['attacker', 'unit', 'characters', 0, 'attacksAtCharacters'],
        { list: '{other}.unit.characters[]' },
        refs,
      ).map((o) => o.label),
    ).toEqual(['Captain', 'Standard Bearer']);
    expect(
      perItemOptions(['defender', 'unit', 'attacksAtCharacters'], { list: '{other}.unit.characters[]' }, refs).map(
        (o) => o.label,
      ),
    ).toEqual(['Baron']);
  });

  it('an enemy character removed takes his entry with him; the others keep theirs', () => {
    // The Baron sends 2 attacks at the Captain and 1 at the Standard Bearer; the Captain is removed.
    const setup = setAt(example(), parsePath('attacker.unit.characters[0].attacksAtCharacters'), [2, 1]);
    const standardBearer = (at(setup, 'defender.unit.characters') as unknown[]).slice(1);
    const after = applyUpdate(setup, 'defender.unit.characters', standardBearer, nine, 0);
    expect(at(after, 'attacker.unit.characters[0].attacksAtCharacters')).toEqual([1]);
    const parsed = ninthAge.setupSchema.safeParse(after);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('never keeps entries past the characters there are; a valid list is left as it is', () => {
    const setup = setAt(example(), parsePath('defender.unit.attacksAtCharacters'), [3, 1, 4]);
    expect(at(repairRefs(setup, nine.hints, nine), 'defender.unit.attacksAtCharacters')).toEqual([3]);
    expect(repairRefs(example(), nine.hints, nine)).toEqual(example());
    // A unit whose enemy has no character: nothing to keep.
    const alone = applyUpdate(example(), 'attacker.unit.characters', [], nine, 0);
    expect(at(alone, 'defender.unit.attacksAtCharacters')).toEqual([]);
    expect(at(alone, 'defender.unit.characters[0].attacksAtCharacters')).toEqual([]);
  });
});
