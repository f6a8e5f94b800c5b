import { registry } from '../../../../core/systems';
import { describe, expect, it } from 'vitest';
import { convertRosterFile } from '../../../../core/roster/import';
import { parseRosterFile } from '../../../../core/roster/exchange';
import type { Wh40k10eProfile } from '../../../../core/systems/wh40k-10e/roster/profile';
import { modelsForCombat, weaponsForCombat } from '../../../../core/systems/wh40k-10e/roster/toCombat';
import { setupSchema } from '../../../../core/systems/wh40k-10e/profiles';
import { converted, fixture, NOW, unitsOf } from './fixtures';

/**
 * Real rosters (PrettyScribe's test fixtures, see test/fixtures/README.md) converted to 40k 10th
 * edition units: the values a player checks against the datasheet. Weapon abilities are those of
 * the 10th edition core rules (seed 001, RULES.md §1).
 */
const profileOf = (unit: { profile: unknown }) => unit.profile as Wh40k10eProfile;

describe('a BattleScribe 10th edition roster (Necrons 10e.rosz)', () => {
  const necrons = unitsOf('necrons-10e.rosz');

  it('keeps the roster: name, points limit from the battle size, the roster editor’s ids, and every unit', () => {
    const roster = necrons.file.rosters[0]!;
    expect(roster).toMatchObject({
      id: 'bs-roster-6d32-1f15-876a-7ccc',
      name: 'Necrons 10e',
      system: 'wh40k-10e',
      pointsLimit: 2000,
      createdAt: NOW,
    });
    expect(roster.units.map((u) => [u.name, u.points])).toEqual([
      ['Overlord', 85],
      ['Tesseract Vault', 425],
      ['The Silent King', 470],
      ['Doom Scythe', 225],
    ]);
    expect(necrons.preview).toMatchObject({ gameSystem: 'Warhammer 40,000 10th Edition', points: 1205, skipped: [] });
    expect(roster.notes).toContain('Detachment Choice: Awakened Dynasty');
    expect(parseRosterFile(necrons.file, registry).ok).toBe(true);
  });

  it('reads the Tesseract Vault: T 12, Sv 2+, W 24, and four tesla spheres with Anti-FLY 4+ and Sustained Hits 2', () => {
    const vault = profileOf(necrons.unit('Tesseract Vault'));
    expect(vault.models).toEqual([
      expect.objectContaining({
        name: 'Tesseract Vault',
        count: 1,
        movement: 7,
        toughness: 12,
        save: 2,
        wounds: 24,
        leadership: 7,
        objectiveControl: 8,
        deadlyDemise: 'D6+3',
      }),
    ]);
    const sphere = vault.weapons.find((w) => w.name === 'Tesla sphere')!;
    expect(sphere).toMatchObject({ range: 24, models: 4, attacks: '6', skill: 3, strength: 7, ap: 0, damage: '1' });
    expect(sphere.abilities).toMatchObject({
      anti: { keyword: 'fly', threshold: 4 },
      sustainedHits: '2',
      lethalHits: false,
    });
    expect(vault.keywords).toEqual(expect.arrayContaining(['vehicle', 'titanic', 'fly', 'necrons']));
    expect(vault.keywords).not.toContain('configuration');
  });

  it('reads the Doom Scythe’s heavy death ray: S 16, AP -4, D D6+1, Sustained Hits D3', () => {
    const ray = profileOf(necrons.unit('Doom Scythe')).weapons.find((w) => w.name === 'Heavy death ray')!;
    expect(ray).toMatchObject({ range: 36, attacks: '3', skill: 3, strength: 16, ap: -4, damage: 'D6+1' });
    expect(ray.abilities.sustainedHits).toBe('D3');
    const tesla = profileOf(necrons.unit('Doom Scythe')).weapons.find((w) => w.name === 'Twin tesla destructor')!;
    expect(tesla.abilities).toMatchObject({ twinLinked: true, sustainedHits: '2' });
  });

  it('fills an invulnerable save stated in an ability and flags it for the player to confirm', () => {
    const overlord = profileOf(necrons.unit('Overlord'));
    expect(overlord.models[0]).toMatchObject({ toughness: 5, save: 2, wounds: 6, invulnerable: 4, character: true });
    expect(necrons.preview_('Overlord').confirm).toEqual([
      'Invulnerable save 4+ for Overlord, read from “Invulnerable Save”: “This model has a 4+ invulnerable save.”',
    ]);
    expect(necrons.unit('Overlord').notes).toContain('To check\n- Invulnerable save 4+ for Overlord');
  });

  it('keeps a unit of two kinds of model as two model groups with their counts, and a "model only" rule on its model', () => {
    const king = profileOf(necrons.unit('The Silent King'));
    expect(king.models.map((m) => [m.name, m.count, m.wounds, m.objectiveControl, m.deadlyDemise])).toEqual([
      ['Szarekh', 1, 16, 6, 'D6+3'],
      ['Triarchal Menhir', 2, 5, 1, null],
    ]);
    expect(king.models.every((m) => m.invulnerable === 4)).toBe(true);
    expect(king.weapons.find((w) => w.name === 'Annihilator beam')).toMatchObject({
      models: 2,
      strength: 14,
      ap: -4,
      damage: '6',
    });
  });

  it('keeps keywords the engine has no ability for as text on the weapon, and ability text in the notes', () => {
    const arrow = profileOf(necrons.unit('Overlord')).weapons.find((w) => w.name === 'Tachyon arrow')!;
    expect(arrow.keywords).toEqual(['One Shot']);
    expect(necrons.unit('Overlord').notes).toContain('- My Will Be Done: Once per battle round');
    expect(profileOf(necrons.unit('Overlord')).abilities).toEqual(
      expect.arrayContaining(['My Will Be Done', 'Reanimation Protocols', 'Leader']),
    );
  });

  it('gives a converted unit to a 10th edition combat as it is: a valid setup, the weapon keywords left behind', () => {
    const scythe = profileOf(necrons.unit('Doom Scythe'));
    const vault = profileOf(necrons.unit('Tesseract Vault'));
    const weapons = weaponsForCombat(scythe, true);
    expect(weapons.every((w) => !('keywords' in w) && !('range' in w))).toBe(true);
    const setup = setupSchema.safeParse({
      system: 'wh40k-10e',
      attacker: { name: 'Doom Scythe', weapons, ranged: true },
      defender: { name: 'Tesseract Vault', keywords: vault.keywords, models: modelsForCombat(vault) },
    });
    expect(setup.success).toBe(true);
  });
});

describe('more real 10th edition rosters', () => {
  it('Ultramarines: an Assault Intercessor Squad is a sergeant and four, T 4, Sv 3+, W 2, 80 pts, five of each weapon', () => {
    const marines = unitsOf('ultramarines-10e.rosz');
    const squad = marines.unit('Assault Intercessor Squad');
    expect(squad.points).toBe(80);
    const profile = profileOf(squad);
    expect(profile.models.map((m) => [m.name, m.count, m.toughness, m.save, m.wounds])).toEqual([
      ['Assault Intercessor Sergeant', 1, 4, 3, 2],
      ['Assault Intercessors', 4, 4, 3, 2],
    ]);
    expect(profile.weapons.map((w) => [w.name, w.models, w.range])).toEqual([
      ['Heavy Bolt Pistol', 5, 18],
      ['Astartes Chainsword', 5, 'melee'],
    ]);
    expect(profile.keywords).toEqual(
      expect.arrayContaining(['infantry', 'battleline', 'imperium', 'adeptus astartes']),
    );
    expect(marines.file.rosters[0]).toMatchObject({ pointsLimit: 1000 });
    expect(marines.file.rosters[0]!.notes).toContain('Detachment: Gladius Task Force');
    // Two squads of the same name stay two units, with ids from their selections.
    const ids = marines.file.rosters[0]!.units.filter((u) => u.name === 'Assault Intercessor Squad').map((u) => u.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('Ultramarines: the eliminators’ sniper rifle is Heavy and Precision; the Impulsor’s missiles have Anti-FLY 2+ and are flagged as one weapon', () => {
    const marines = unitsOf('ultramarines-10e.rosz');
    const rifle = profileOf(marines.unit('Eliminator Squad')).weapons.find((w) => w.name === 'Bolt Sniper Rifle')!;
    expect(rifle).toMatchObject({ models: 3, strength: 5, ap: -2, damage: '3' });
    expect(rifle.abilities).toMatchObject({ heavy: true, precision: true });
    const icarus = profileOf(marines.unit('Impulsor')).weapons.find(
      (w) => w.name === 'Bellicatus Missile Array - Icarus',
    )!;
    expect(icarus.abilities.anti).toEqual({ keyword: 'fly', threshold: 2 });
    expect(
      marines.preview_('Impulsor').notes.some((n) => n.startsWith('Bellicatus Missile Array has 3 profiles')),
    ).toBe(true);
    expect(
      profileOf(marines.unit('Razorback')).weapons.find((w) => w.name === 'Storm Bolter')!.abilities.rapidFire,
    ).toBe('2');
  });

  it('Leagues of Votann: wargear gives the Theyn alone a 4+ invulnerable save, a medipack gives the whole unit Feel No Pain 6+, both flagged', () => {
    const votann = unitsOf('leagues-of-votann-10e.rosz');
    const warriors = profileOf(votann.unit('Hearthkyn Warriors'));
    expect(warriors.models.map((m) => [m.name, m.count, m.invulnerable, m.feelNoPain])).toEqual([
      ['Hearthkyn Warrior', 7, null, 6],
      ['Theyn', 1, 4, 6],
      ['Hearthkyn Warrior w/ heavy weapon', 2, null, 6],
    ]);
    expect(votann.preview_('Hearthkyn Warriors').confirm).toHaveLength(2);
    const pistols = warriors.weapons.find((w) => w.name === 'Autoch-pattern bolt pistol')!;
    expect(pistols).toMatchObject({ models: 9, keywords: ['Pistol'] });
    const beamer = profileOf(votann.unit('Hernkyn Pioneers')).weapons.find((w) => w.name === 'Ion beamer')!;
    expect(beamer.abilities.sustainedHits).toBe('D3');
    expect(votann.preview.points).toBe(965);
  });
});

describe('10th edition weapon keywords no public roster here has (a hand-made roster)', () => {
  const hand = unitsOf('keywords-10e.ros');
  const weapon = (name: string) => profileOf(hand.unit('Old Rusty')).weapons.find((w) => w.name === name)!;

  it('maps Melta X, Hazardous and Blast; Lance and Lethal Hits', () => {
    expect(weapon('Belleros energy cannon').abilities).toMatchObject({ melta: '2', hazardous: true, blast: true });
    expect(profileOf(hand.unit('Serberys Raiders')).weapons[0]!.abilities).toMatchObject({
      lance: true,
      lethalHits: true,
    });
  });

  it('takes the first Anti- and keeps a second as text; reads a keyword written in brackets', () => {
    expect(weapon('Ferrumite cannon').abilities).toMatchObject({
      anti: { keyword: 'infantry', threshold: 4 },
      ignoresCover: true,
      sustainedHits: '1',
    });
    expect(weapon('Ferrumite cannon').keywords).toEqual(['Anti-Monster 3+']);
  });

  it('gives a Torrent weapon with BS "N/A" a skill it never rolls', () => {
    expect(weapon('Cognis flamer')).toMatchObject({
      skill: 2,
      abilities: expect.objectContaining({ torrent: true, ignoresCover: true }),
    });
  });

  it('uses the player’s own name for a unit, and says so when a unit does not give its number of models', () => {
    expect(hand.unit('Old Rusty').points).toBe(140);
    expect(profileOf(hand.unit('Serberys Raiders')).models[0]!.count).toBe(1);
    expect(hand.preview_('Serberys Raiders').confirm).toEqual([
      'Serberys Raiders: the file does not say how many models it has; 1 was taken. Check it.',
    ]);
  });

  it('reads Feel No Pain from an ability and a 5+ invulnerable save with its condition flagged', () => {
    expect(profileOf(hand.unit('Old Rusty')).models[0]).toMatchObject({
      invulnerable: 5,
      feelNoPain: 6,
      deadlyDemise: 'D3',
    });
    expect(hand.preview_('Old Rusty').confirm[0]).toContain('against ranged attacks');
  });
});

describe('what is the same on every import', () => {
  it('converts the same file to the same document (ids from the file, time from the caller)', () => {
    const a = convertRosterFile('necrons-10e.rosz', fixture('necrons-10e.rosz'), NOW, registry);
    const b = convertRosterFile('necrons-10e.rosz', fixture('necrons-10e.rosz'), NOW, registry);
    expect(a).toEqual(b);
  });

  it('refuses a roster of another game (a New Recruit Age of Sigmar roster), naming it', () => {
    const result = convertRosterFile('belakor.rosz', fixture('belakor-aos4-newrecruit.rosz'), NOW, registry);
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining('belakor.rosz cannot be imported: it is a roster for Age of Sigmar 4.0.'),
    });
  });

  it('reads a .ros as well as a .rosz (the same roster unzipped)', () => {
    const plain = converted('keywords-10e.ros');
    expect(plain.file.rosters[0]!.units).toHaveLength(2);
  });
});

describe('10th edition rules a combat uses, as the real files carry them (issue 23)', () => {
  it('Ultramarines: the Primaris Captain’s "Invulnerable Save" ability whose whole text is "4+" gives him his 4++, flagged', () => {
    const marines = unitsOf('ultramarines-10e.rosz');
    expect(profileOf(marines.unit('Primaris Captain')).models[0]).toMatchObject({ invulnerable: 4, character: true });
    expect(marines.preview_('Primaris Captain').confirm).toEqual([
      'Invulnerable save 4+ for Primaris Captain, read from “Invulnerable Save”: “4+”',
    ]);
    // The Lieutenant has no such ability: nothing is made up.
    expect(profileOf(marines.unit('Primaris Lieutenant')).models[0]!.invulnerable).toBeNull();
  });

  it('Ultramarines: Eliminators have Stealth (a rule of the unit), set as the target modifier; other units do not', () => {
    const marines = unitsOf('ultramarines-10e.rosz');
    expect(profileOf(marines.unit('Eliminator Squad')).defensiveModifiers.stealth).toBe(true);
    expect(marines.preview_('Eliminator Squad').stats).toContain(
      'Stealth: −1 to be hit by ranged attacks against the unit',
    );
    expect(profileOf(marines.unit('Primaris Captain')).defensiveModifiers.stealth).toBe(false);
  });

  it('reads a bare roll as Feel No Pain only from an ability named for it, and a footnoted "5+*" too', () => {
    const unit = (name: string, text: string) =>
      `<selection id="u-${name}" name="Squad ${name}" type="model" number="1"><profiles><profile id="p" name="Squad" typeName="Unit"><characteristics><characteristic name="M">6"</characteristic><characteristic name="T">4</characteristic><characteristic name="SV">3+</characteristic><characteristic name="W">2</characteristic><characteristic name="LD">6+</characteristic><characteristic name="OC">1</characteristic></characteristics></profile><profile id="a" name="${name}" typeName="Abilities"><characteristics><characteristic name="Description">${text}</characteristic></characteristics></profile></profiles></selection>`;
    const xml = `<roster id="r" name="R" gameSystemId="sys-352e-adc2-7639-d6a9" gameSystemName="Warhammer 40,000 10th Edition"><forces><force id="f" name="F"><selections>${unit('Feel No Pain', '5+*')}${unit('Oath of Moment', '4+')}${unit('Invulnerable Save', 'See the rules')}</selections></force></forces></roster>`;
    const result = convertRosterFile('bare.ros', new TextEncoder().encode(xml), NOW, registry);
    if (!result.ok) expect.fail(result.message);
    const models = result.file.rosters[0]!.units.map((u) => profileOf(u).models[0]!);
    expect(models.map((m) => [m.feelNoPain, m.invulnerable])).toEqual([
      [5, null],
      [null, null],
      [null, null],
    ]);
  });
});
