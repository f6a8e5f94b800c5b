import { registry } from '../../../../core/systems';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertRosterFile, fromBase64, MAX_INFLATED_BYTES, toBase64 } from '../../../../core/roster/import';
import { inflateRoster, rosterXmlOf } from '../../../../core/battlescribe/read';
import { decodeXmlText, MAX_SELECTIONS, readRosterXml } from '../../../../core/battlescribe/xml';
import { fixture, NOW } from './fixtures';

/**
 * Files that must be refused, each with a message in words and nothing thrown: what a player sees
 * is "<file> cannot be imported: <why>".
 */
const convert = (name: string, bytes: Uint8Array) => convertRosterFile(name, bytes, NOW, registry);
const messageOf = (name: string, bytes: Uint8Array) => {
  const result = convert(name, bytes);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.message;
};

const roster10e = (body: string) => `<?xml version="1.0"?>
<roster id="r" name="R" gameSystemId="sys-352e-adc2-7639-d6a9" gameSystemName="Warhammer 40,000 10th Edition" xmlns="http://www.battlescribe.net/schema/rosterSchema"><forces><force id="f" name="F"><selections>${body}</selections></force></forces></roster>`;

/** Sets a ZIP's recorded uncompressed sizes (local header and central directory) to `size`: a header that lies. */
function lieAboutSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i < out.length - 4; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

describe('hostile XML', () => {
  it('refuses entity expansion (a "billion laughs" DOCTYPE) before parsing', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<roster id="r" name="&lol3;" gameSystemName="Warhammer 40,000 10th Edition"/>`;
    expect(messageOf('laughs.ros', strToU8(laughs))).toBe(
      'laughs.ros cannot be imported: it declares its own XML entities (a DOCTYPE). Roster files never do, and such a file can expand to gigabytes, so it is not read.',
    );
  });

  it('refuses an external entity (a file of the machine pulled into the roster)', () => {
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/passwd">]><roster name="&secret;"/>`;
    expect(messageOf('external.ros', strToU8(external))).toContain('declares its own XML entities');
  });

  it('decodes the five XML escapes and character references in one pass, and nothing else', () => {
    expect(decodeXmlText('Hunter&apos;s &quot;blade&quot; &amp;lt; 3 &#8217; &#x2019;')).toBe(
      'Hunter\'s "blade" &lt; 3 ’ ’',
    );
    expect(decodeXmlText('&lol3; &#0; &#x110000;')).toBe('&lol3; &#0; &#x110000;');
  });

  it('refuses XML that is cut short, saying where', () => {
    const text = roster10e('<selection id="s" name="Squad" type="unit" number="1">');
    expect(messageOf('cut.ros', strToU8(text))).toMatch(
      /^cut\.ros cannot be imported: it is not well-formed XML \(line \d+: .+\)\. The file may be cut short or damaged\.$/,
    );
  });

  it(`refuses more than ${MAX_SELECTIONS} selections`, () => {
    const many = Array.from(
      { length: MAX_SELECTIONS + 1 },
      (_, i) => `<selection id="s${i}" name="Grot" type="model" number="1"/>`,
    ).join('');
    expect(messageOf('horde.ros', strToU8(roster10e(many)))).toBe(
      'horde.ros cannot be imported: it holds more than 1,000 selections, more than any army; it is not read.',
    );
    const enough = Array.from(
      { length: MAX_SELECTIONS },
      (_, i) => `<selection id="s${i}" name="Grot" type="model" number="1"/>`,
    ).join('');
    expect(readRosterXml(roster10e(enough)).ok).toBe(true);
  });

  it('refuses XML nested deeper than a roster ever is, in words', () => {
    const deep = `${'<selections><selection id="x" name="x" type="upgrade">'.repeat(80)}${'</selection></selections>'.repeat(80)}`;
    const result = readRosterXml(roster10e(`<selection id="top" name="top" type="unit">${deep}</selection>`));
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/^its XML cannot be read \(.+\)\.$/) });
  });

  it('refuses XML that is not a roster, and text that is not XML', () => {
    expect(messageOf('catalogue.cat', strToU8('<?xml version="1.0"?><catalogue name="Orks"/>'))).toBe(
      'catalogue.cat cannot be imported: it is XML, but not a roster: a BattleScribe or New Recruit roster starts with <roster>.',
    );
    expect(messageOf('notes.ros', strToU8('Just my army list, typed'))).toBe(
      'notes.ros cannot be imported: it is neither a roster (.ros, XML) nor a zipped roster (.rosz).',
    );
    expect(messageOf('empty.ros', new Uint8Array())).toBe('empty.ros cannot be imported: it is empty.');
  });

  it('refuses a roster in which no unit can be read, saying why for each', () => {
    const broken =
      '<selection id="s" name="Broken Squad" type="model" number="1"><profiles><profile id="p" name="Broken Squad" typeName="Unit"><characteristics><characteristic name="M">fast</characteristic><characteristic name="T">4</characteristic></characteristics></profile></profiles></selection>';
    const message = messageOf('broken.ros', strToU8(roster10e(broken)));
    expect(message).toContain('broken.ros cannot be imported: no unit in it could be read (Broken Squad:');
  });
});

describe('hostile ZIP archives', () => {
  it(`refuses a .rosz whose roster says it inflates past ${MAX_INFLATED_BYTES / 1_000_000} MB before inflating a byte`, () => {
    // The compressed data is garbage: inflating it would fail with a different message.
    const honest = lieAboutSize(zipSync({ 'army.ros': new Uint8Array(64) }, { level: 0 }), MAX_INFLATED_BYTES + 1);
    const garbled = honest.slice();
    garbled.fill(0xff, 40, 100);
    expect(inflateRoster(garbled)).toEqual({
      ok: false,
      reason: 'the roster inside is larger than 10 MB once unzipped; a real roster is far smaller, so it is not read.',
    });
  });

  it('refuses a zip bomb whose header lies about its size, as the bytes come out', () => {
    // 50 KB that inflates to 51 MB (past the 10 MB cap) while its headers say 1,000 bytes (how it was made: test/fixtures/README.md).
    const bomb = fixture('zip-bomb.rosz');
    expect(bomb.length).toBeLessThan(60_000);
    expect(messageOf('bomb.rosz', bomb)).toBe(
      'bomb.rosz cannot be imported: the roster inside is larger than 10 MB once unzipped; a real roster is far smaller, so it is not read.',
    );
  }, 20_000);

  it('refuses a truncated .rosz (a real one cut in half, or after its first bytes)', () => {
    const whole = fixture('necrons-10e.rosz');
    expect(messageOf('half.rosz', whole.subarray(0, whole.length / 2))).toMatch(
      /^half\.rosz cannot be imported: (the archive is cut short|it is not a readable \.rosz)/,
    );
    expect(messageOf('stub.rosz', whole.subarray(0, 40))).toMatch(/^stub\.rosz cannot be imported: /);
  });

  it('refuses a ZIP that holds no roster, and reads only the .ros entry of one that does', () => {
    expect(messageOf('photos.rosz', zipSync({ 'army.jpg': new Uint8Array(10) }))).toBe(
      'photos.rosz cannot be imported: it is a ZIP archive, but holds no roster (.ros) file.',
    );
    const xml = strToU8(roster10e(''));
    const both = zipSync({ 'readme.txt': strToU8('hello'), 'army.ros': xml });
    const inner = rosterXmlOf(both);
    expect(inner).toEqual({ ok: true, value: roster10e('') });
  });

  it('writes nothing anywhere: a refused file gives a message, not an exception, whatever its bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (bytes, zipped) => {
        const input = zipped ? Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...bytes]) : bytes;
        const result = convert('random.rosz', input);
        return !result.ok && result.message.startsWith('random.rosz cannot be imported: ');
      }),
      { numRuns: 300 },
    );
  });
});

describe('base64, as files cross the contract', () => {
  it('round-trips any bytes and agrees with Node’s encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64(bytes);
        return (
          text === Buffer.from(bytes).toString('base64') && Buffer.from(fromBase64(text)!).equals(Buffer.from(bytes))
        );
      }),
    );
  });

  it('refuses text that is not base64', () => {
    expect(fromBase64('abc')).toBeNull();
    expect(fromBase64('ab$=')).toBeNull();
    expect(fromBase64('a===')).toBeNull();
  });
});
