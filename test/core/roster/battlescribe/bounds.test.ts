import { registry } from '../../../../core/systems';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertRosterFile } from '../../../../core/roster/import';
import { XML_LIMITS } from '../../../../core/battlescribe/census';
import { decodeRosterBytes, firstInvalidUtf8, loneSurrogateAt } from '../../../../core/battlescribe/text';
import { crc32, inflateRoster } from '../../../../core/battlescribe/zip';
import { decodeXmlText, readRosterXml } from '../../../../core/battlescribe/xml';
import { NOW } from './fixtures';

/**
 * Heavy and hostile files as issue 26 found them: every one is answered, imported or refused in
 * words, with a short message; the reader's work is bounded by counts, not only bytes. (How fast:
 * test/bench/importWorst.bench.ts.)
 */
const convert = (name: string, bytes: Uint8Array) => convertRosterFile(name, bytes, NOW, registry);
const refusal = (name: string, bytes: Uint8Array) => {
  const result = convert(name, bytes);
  if (result.ok) expect.fail(`${name} was imported`);
  return result.message;
};
const roster = (gameSystemName: string, body: string, head = '<?xml version="1.0"?>') =>
  `${head}<roster id="r" name="R" gameSystemId="x" gameSystemName="${gameSystemName}"><forces><force id="f" name="F"><selections>${body}</selections></force></forces></roster>`;
const TENTH = 'Warhammer 40,000 10th Edition';
const unitWith = (sv: string, name = 'Squad') =>
  `<selection id="s" name="${name}" type="model" number="1"><profiles><profile id="p" name="Squad" typeName="Unit"><characteristics><characteristic name="M">6"</characteristic><characteristic name="T">4</characteristic><characteristic name="SV">${sv}</characteristic><characteristic name="W">2</characteristic><characteristic name="LD">6+</characteristic><characteristic name="OC">1</characteristic></characteristics></profile></profiles></selection>`;

describe('bounds on the XML, checked before parsing', () => {
  it(`refuses more than ${XML_LIMITS.attributesPerElement} attributes on one element, and more than ${XML_LIMITS.attributes.toLocaleString('en')} in all`, () => {
    const crowded = `<selection id="s" ${Array.from({ length: 51 }, (_, k) => `a${k}="1"`).join(' ')}/>`;
    expect(refusal('crowded.ros', strToU8(roster(TENTH, crowded)))).toBe(
      'crowded.ros cannot be imported: it holds more than 50 attributes on one element, far more than any roster; it is not read.',
    );
    const many = Array.from(
      { length: 7_000 },
      (_, i) => `<x ${Array.from({ length: 45 }, (_, k) => `a${k}="${i}"`).join(' ')}/>`,
    ).join('');
    expect(refusal('many.ros', strToU8(roster(TENTH, many)))).toBe(
      'many.ros cannot be imported: it holds more than 300,000 attributes, far more than any roster; it is not read.',
    );
  });

  it(`refuses more than ${XML_LIMITS.elements.toLocaleString('en')} elements`, () => {
    expect(refusal('elements.ros', strToU8(roster(TENTH, '<x/>'.repeat(XML_LIMITS.elements))))).toBe(
      'elements.ros cannot be imported: it holds more than 100,000 elements, far more than any roster; it is not read.',
    );
  });

  it('refuses a value or a run of text longer than any roster holds, and names its length, not its text', () => {
    const message = refusal('long.ros', strToU8(roster('W'.repeat(200_000), '')));
    expect(message).toBe(
      "long.ros cannot be imported: it holds an attribute value of 200,000 characters, far longer than any roster's (at most 100,000); it is not read.",
    );
    expect(refusal('text.ros', strToU8(roster(TENTH, unitWith(`4${' '.repeat(200_000)}x`))))).toMatch(
      /it holds a run of text of 200,00\d characters/,
    );
  });

  it('reads a characteristic padded with spaces up to the bound without slowing, and says it cannot read it', () => {
    // The audit's file: "SV" holding a 4 and then many spaces. Under the bound it is read (and not a number).
    const message = refusal('spaces.ros', strToU8(roster(TENTH, unitWith(`4${' '.repeat(90_000)}x`))));
    expect(message).toBe(
      'spaces.ros cannot be imported: no unit in it could be read (Squad: no model in it has a Unit profile (M, T, Sv, W, Ld, OC).).',
    );
    expect(convert('ok.ros', strToU8(roster(TENTH, unitWith(' 3+ ')))).ok).toBe(true);
  });

  it('takes a game system name that plainly names a supported game, with a note, however long the rest', () => {
    const result = convert(
      'definitive.ros',
      strToU8(roster(`Warhammer Fantasy Battles (6th definitive edition) ${'x'.repeat(5_000)}`, '')),
    );
    expect(result.ok).toBe(false); // no units, but recognised: the message is about units, not the game
    expect(result.ok ? '' : result.message).toBe('definitive.ros cannot be imported: no unit in it could be read.');
    const other = refusal('other.ros', strToU8(roster(`${'Warhammer 40,000 '.repeat(5_000)}`, '')));
    expect(other.length).toBeLessThan(400);
  });

  it('keeps every message short, whatever the file: an unclosed 5 MB file gives a line, not megabytes', () => {
    const unclosed = strToU8(`<?xml version="1.0"?><roster name="R"><${'a'.repeat(90_000)} `.repeat(50));
    expect(refusal('unclosed.ros', unclosed).length).toBeLessThan(400);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        const result = convert('junk.ros', strToU8(roster(junk, `<${junk}>`)));
        return result.ok || result.message.length < 600;
      }),
      { numRuns: 200 },
    );
  });
});

describe('files as players have them: encodings', () => {
  const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

  it('reads a file that declares ISO-8859-1 (Latin-1) as such: "Großmeister" keeps its ß', () => {
    const bytes = latin1(
      roster(TENTH, '', '<?xml version="1.0" encoding="ISO-8859-1"?>').replace('name="R"', 'name="Großmeister Müller"'),
    );
    expect(bytes.includes(0xdf)).toBe(true);
    const text = decodeRosterBytes(bytes);
    expect(text.ok && text.value).toContain('Großmeister Müller');
  });

  it('reads Windows-1252 quotes (bytes 0x93 0x94) as the quotes they are', () => {
    const bytes = latin1('<?xml version="1.0" encoding="windows-1252"?><roster name="\x93Ironjaws\x94"/>');
    expect(decodeRosterBytes(bytes)).toEqual({
      ok: true,
      value: '<?xml version="1.0" encoding="windows-1252"?><roster name="“Ironjaws”"/>',
    });
  });

  it('reads UTF-16 files, little- and big-endian, with or without a byte-order mark', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><roster name="Jäger ⚔ 𝔄"/>';
    const le = new Uint8Array(Buffer.from(xml, 'utf16le'));
    const be = le.slice();
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1]!, be[i]!];
    expect(decodeRosterBytes(Uint8Array.from([0xff, 0xfe, ...le]))).toEqual({ ok: true, value: xml });
    expect(decodeRosterBytes(Uint8Array.from([0xfe, 0xff, ...be]))).toEqual({ ok: true, value: xml });
    expect(decodeRosterBytes(le)).toEqual({ ok: true, value: xml });
  });

  it('refuses a lone surrogate (half a character) in UTF-16, and does not decode one from a character reference', () => {
    const le = new Uint8Array(Buffer.from('<roster name="ab"/>', 'utf16le'));
    le[14 * 2] = 0x00; // "a" → U+D800 (high surrogate) with "b" after it
    le[14 * 2 + 1] = 0xd8;
    expect(refusal('half.ros', Uint8Array.from([0xff, 0xfe, ...le]))).toBe(
      'half.ros cannot be imported: it holds half a character (a lone UTF-16 surrogate at character 14); the file is damaged.',
    );
    expect(loneSurrogateAt([0x61, 0xdc00])).toBe(1);
    expect(loneSurrogateAt([0xd83d, 0xde00])).toBe(-1);
    expect(decodeXmlText('&#xD800;&#55296;')).toBe('&#xD800;&#55296;');
  });

  it('refuses bytes that are not UTF-8 in a file that declares none, saying where', () => {
    const bytes = strToU8(roster(TENTH, ''));
    bytes[50] = 0xff;
    expect(refusal('latin.ros', bytes)).toBe(
      'latin.ros cannot be imported: it is not valid UTF-8 text (byte 50). Save it again as UTF-8, or declare its encoding (e.g. ISO-8859-1) in its first line.',
    );
    // Encoded surrogates and overlong forms are not UTF-8 either.
    expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Uint8Array.from([0xc0, 0xaf]))).toBe(0);
    expect(firstInvalidUtf8(strToU8('Jäger ⚔ 𝔄'))).toBe(-1);
  });

  it('agrees with Node on every valid UTF-8 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (text) => {
        const decoded = decodeRosterBytes(strToU8(text));
        return decoded.ok && decoded.value === text;
      }),
    );
  });

  it('refuses an encoding roster files never use, by name', () => {
    expect(refusal('ebcdic.ros', strToU8('<?xml version="1.0" encoding="EBCDIC-US"?><roster/>'))).toBe(
      'ebcdic.ros cannot be imported: it is written in the text encoding “ebcdic-us”, which roster files never use; save it again as UTF-8.',
    );
  });
});

describe('files as players have them: ZIP checks', () => {
  const xml = strToU8(roster(TENTH, unitWith('3+')));

  it('computes CRC-32 as ZIP does', () => {
    expect(crc32(strToU8('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('refuses a .rosz whose roster does not match its CRC (a flipped bit), deflated or stored', () => {
    for (const level of [0, 6] as const) {
      const zip = zipSync({ 'army.ros': xml }, { level });
      expect(inflateRoster(zip)).toEqual({ ok: true, value: xml });
      const damaged = zip.slice();
      const view = new DataView(damaged.buffer);
      const central = damaged.findLastIndex(
        (_, i) => i + 4 <= damaged.length && view.getUint32(i, true) === 0x02014b50,
      );
      view.setUint32(central + 16, (view.getUint32(central + 16, true) ^ 1) >>> 0, true);
      expect(inflateRoster(damaged)).toEqual({
        ok: false,
        reason:
          'it is not a readable .rosz: the archive is damaged (the roster inside fails its CRC check). Export the roster again.',
      });
    }
  });

  it('refuses a password-protected roster and an archive of thousands of files, in words', () => {
    const zip = zipSync({ 'army.ros': xml });
    const locked = zip.slice();
    const view = new DataView(locked.buffer);
    const central = locked.findLastIndex((_, i) => i + 4 <= locked.length && view.getUint32(i, true) === 0x02014b50);
    view.setUint16(central + 8, 1, true);
    expect(inflateRoster(locked)).toEqual({
      ok: false,
      reason: 'the roster inside is password-protected; export it again without a password.',
    });
    const files = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.txt`, new Uint8Array(1)]));
    expect(inflateRoster(zipSync(files, { level: 0 }))).toEqual({
      ok: false,
      reason: 'it is a ZIP archive of 1,001 files, not a roster.',
    });
  });
});

describe('BattleScribe 1.x rosters', () => {
  it('reads values in attributes, profileTypeName, points attributes and selections under force categories', () => {
    const old = `<?xml version="1.0" encoding="UTF-8"?>
<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r1" name="Old" battleScribeVersion="1.15" gameSystemId="g" gameSystemName="Warhammer 40,000: 7th Edition" points="95.0" pointsLimit="1850.0">
<forces><force id="f1" name="Combined Arms Detachment" catalogueName="Space Marines"><categories><category id="c1" name="Troops"><selections>
<selection id="s1" name="Scout Squad" points="55.0" number="1" type="unit"><profiles><profile id="p1" name="Scout" profileTypeName="Unit"><characteristics><characteristic name="WS" value="3"/></characteristics></profile></profiles></selection>
</selections></category></categories></force></forces></roster>`;
    const read = readRosterXml(old);
    if (!read.ok) expect.fail(read.reason);
    expect(read.value.costs).toEqual([{ name: 'pts', value: 95 }]);
    expect(read.value.costLimits).toEqual([{ name: 'pts', value: 1850 }]);
    const squad = read.value.forces[0]!.selections[0]!;
    expect(squad).toMatchObject({
      name: 'Scout Squad',
      costs: [{ name: 'pts', value: 55 }],
      categories: [{ name: 'Troops', primary: true }],
    });
    expect(squad.profiles).toEqual([
      { name: 'Scout', typeName: 'Unit', characteristics: [{ name: 'WS', value: '3' }] },
    ]);
  });

  it('1.15: a profile’s kind in `type`, the force named by `forceTypeName`, “(No Category)” no category', () => {
    const old = `<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r" battleScribeVersion="1.15" name="New Roster" points="260.0" pointsLimit="1850.0" gameSystemId="e1ebd931-a209-3ce4-87b4-d9918d25530b" gameSystemName="Warhammer 40,000 7th Edition">
<forces><force id="f" catalogueName="Necrons: Codex (2011)" forceTypeName="Mephrit Dynasty Cohort"><categories>
<category id="c0" categoryId="(No Category)" name="(No Category)"><selections><selection id="d" name="Detachment-source" points="0.0" number="1" type="upgrade"><rules/><profiles/><selections/></selection></selections></category>
<category id="c1" categoryId="t" name="Troops"><selections><selection id="s" name="Necron Warriors" points="0.0" number="1" type="unit"><rules/><profiles/><selections>
<selection id="m" name="Necron Warrior" points="260.0" number="20" type="model"><rules/><profiles><profile name="Necron Warrior" type="Unit" hidden="false"><characteristics><characteristic name="WS" value="4" characteristicId="5ee4"/><characteristic name="Save" value="4+" characteristicId="b215"/></characteristics></profile></profiles><selections/></selection>
</selections></selection></selections></category></categories></force></forces></roster>`;
    const read = readRosterXml(old);
    if (!read.ok) expect.fail(read.reason);
    const force = read.value.forces[0]!;
    expect(force).toMatchObject({ name: 'Mephrit Dynasty Cohort', catalogueName: 'Necrons: Codex (2011)' });
    expect(force.selections.map((s) => [s.name, s.categories])).toEqual([
      ['Detachment-source', []],
      ['Necron Warriors', [{ name: 'Troops', primary: true }]],
    ]);
    const warrior = force.selections[1]!.selections[0]!;
    expect(warrior).toMatchObject({ number: 20, costs: [{ name: 'pts', value: 260 }] });
    expect(warrior.profiles).toEqual([
      {
        name: 'Necron Warrior',
        typeName: 'Unit',
        characteristics: [
          { name: 'WS', value: '4' },
          { name: 'Save', value: '4+' },
        ],
      },
    ]);
  });

  it('a profile’s kind by name whichever attribute holds it: typeName first, then profileTypeName, then type', () => {
    const kinds = (attributes: string) => {
      const read = readRosterXml(
        `<roster id="r" gameSystemName="g"><forces><force id="f"><selections><selection id="s" name="S" type="model"><profiles><profile name="P" ${attributes}/></profiles></selection></selections></force></forces></roster>`,
      );
      if (!read.ok) expect.fail(read.reason);
      return read.value.forces[0]!.selections[0]!.profiles[0]!.typeName;
    };
    expect(kinds('typeName="Unit" typeId="x"')).toBe('Unit');
    expect(kinds('profileTypeName="Weapon" profileTypeId="x"')).toBe('Weapon');
    expect(kinds('type="Vehicle"')).toBe('Vehicle');
    expect(kinds('typeName="Unit" type="Vehicle"')).toBe('Unit');
    // An id names nothing without the game system's file.
    expect(kinds('profileTypeId="800f-21d0-4387-c943"')).toBe('');
  });

  it('1.14: selections under the roster itself, each in the force and category its catalogue link names', () => {
    const old = `<roster id="r" battleScribeVersion="1.14b" name="Old" points="170.0" pointsLimit="1500.0" gameSystemName="g" xmlns="http://www.battlescribe.net/schema/rosterSchema">
<catalogueLinks>
<catalogueLink id="l1" catalogueName="Necrons" forceTypeName="Combined Arms Detachment"><categories><category id="x1" categoryId="hq" name="HQ"/><category id="x2" categoryId="tr" name="Troops"/></categories></catalogueLink>
<catalogueLink id="l2" catalogueName="Space Marines" forceTypeName="Allied Detachment"><categories><category id="x3" categoryId="tr" name="Troops"/></categories></catalogueLink>
</catalogueLinks>
<selections>
<selection id="a" catalogueLinkId="l1" categoryId="hq" name="Overlord" points="90.0" number="1" type="model"><profiles><profile name="Overlord" type="Unit"><characteristics><characteristic name="WS" value="4"/></characteristics></profile></profiles></selection>
<selection id="b" catalogueLinkId="l2" categoryId="tr" name="Scouts" points="55.0" number="1" type="unit"/>
<selection id="c" catalogueLinkId="l1" categoryId="tr" name="Warriors" points="25.0" number="1" type="unit"/>
<selection id="d" catalogueLinkId="gone" categoryId="tr" name="Stray" number="1" type="unit"/>
</selections>
<rules><rule name="Main Rule" hidden="false"/></rules></roster>`;
    const read = readRosterXml(old);
    if (!read.ok) expect.fail(read.reason);
    const forces = read.value.forces.map((f) => ({
      name: f.name,
      catalogueName: f.catalogueName,
      rules: f.rules.map((r) => r.name),
      selections: f.selections.map((s) => [s.name, s.categories.map((c) => c.name)]),
    }));
    expect(forces).toEqual([
      {
        name: 'Combined Arms Detachment',
        catalogueName: 'Necrons',
        rules: ['Main Rule'],
        selections: [
          ['Overlord', ['HQ']],
          ['Warriors', ['Troops']],
        ],
      },
      { name: 'Allied Detachment', catalogueName: 'Space Marines', rules: [], selections: [['Scouts', ['Troops']]] },
      { name: '', catalogueName: '', rules: [], selections: [['Stray', []]] },
    ]);
    expect(read.value.forces[0]!.selections[0]!.profiles[0]).toMatchObject({ typeName: 'Unit' });
    expect(read.value.costs).toEqual([{ name: 'pts', value: 170 }]);
  });

  it('1.14: the selection bound holds for selections under the roster too', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `<selection id="s${i}" name="S" number="1"/>`).join('');
    expect(readRosterXml(`<roster id="r"><selections>${many}</selections></roster>`)).toEqual({
      ok: false,
      reason: 'it holds more than 1,000 selections, more than any army; it is not read.',
    });
  });
});

describe('invariants of the reader, for any input', () => {
  it('CRC-32 agrees with zlib’s for any bytes', async () => {
    const { crc32: zlibCrc32 } = await import('node:zlib');
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2_000 }), (bytes) => crc32(bytes) === zlibCrc32(bytes)));
  });

  it('any text round-trips through UTF-16 (both byte orders) and, if Latin-1, through a declared ISO-8859-1', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
        (text, latin) => {
          const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
          const declared = `<?xml version="1.0" encoding="ISO-8859-1"?>${latin}`;
          const latinBytes = Uint8Array.from([...declared].map((c) => c.charCodeAt(0)));
          const a = decodeRosterBytes(le);
          const b = decodeRosterBytes(latinBytes);
          return a.ok && a.value === text && b.ok && b.value === declared;
        },
      ),
    );
  });

  it('the bounds check and the reader never throw, and refuse only in words, whatever the text', () => {
    const xmlish = fc
      .array(
        fc.constantFrom(
          '<',
          '>',
          '/',
          '"',
          "'",
          '=',
          ' ',
          'a',
          '<!--',
          '-->',
          '<![CDATA[',
          ']]>',
          '<?',
          '?>',
          '<roster ',
          '<selection ',
        ),
        { maxLength: 200 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(xmlish, (text) => {
        const read = readRosterXml(text);
        return read.ok || (read.reason.length > 0 && read.reason.length < 400);
      }),
      { numRuns: 500 },
    );
  });
});
