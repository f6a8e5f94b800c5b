import { strFromU8 } from 'fflate';
import { refused, type Read } from './result';

/**
 * The text of a roster file's bytes, in the encoding the file declares (XML 1.0, "Character
 * encoding in entities"): a byte-order mark first (UTF-8, UTF-16 LE or BE), else UTF-16 recognised
 * by its "<?" in two bytes, else the XML declaration's `encoding` (UTF-8 when none; Latin-1 and
 * Windows-1252, which older Windows tools wrote, are read too). Bytes that are not valid in their
 * encoding, and lone UTF-16 surrogates, are refused rather than turned into "?" in a unit's name.
 * Linear in the file's size.
 */
export function decodeRosterBytes(bytes: Uint8Array): Read<string> {
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]];
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return utf8(bytes.subarray(3));
  if (b0 === 0xff && b1 === 0xfe) return utf16(bytes.subarray(2), true);
  if (b0 === 0xfe && b1 === 0xff) return utf16(bytes.subarray(2), false);
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f) return utf16(bytes, true);
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00) return utf16(bytes, false);
  const declared = declaredEncoding(bytes);
  if (declared === undefined || /^utf-?8$/.test(declared) || declared === 'us-ascii' || declared === 'ascii')
    return utf8(bytes);
  if (LATIN_1.has(declared)) return { ok: true, value: singleByte(bytes, null) };
  if (WINDOWS_1252.has(declared)) return { ok: true, value: singleByte(bytes, CP1252) };
  if (/^utf-?16/.test(declared))
    return refused('it says it is UTF-16 text but has no byte-order mark to say which; save it again as UTF-8.');
  return refused(
    `it is written in the text encoding “${declared}”, which roster files never use; save it again as UTF-8.`,
  );
}

const LATIN_1 = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'l1', 'iso_8859-1']);
const WINDOWS_1252 = new Set(['windows-1252', 'cp1252', 'x-cp1252']);

/** The `encoding` of an XML declaration in the file's first 200 bytes (lower case), if it has one. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  let head = '';
  for (let i = 0; i < Math.min(200, bytes.length); i++) head += String.fromCharCode(bytes[i]!);
  const end = head.indexOf('?>');
  if (!head.startsWith('<?xml') || end < 0) return undefined;
  return /\bencoding\s{0,5}=\s{0,5}["']([A-Za-z0-9._:-]{1,40})["']/.exec(head.slice(0, end))?.[1]?.toLowerCase();
}

/** UTF-8 checked byte by byte (no overlong forms, no encoded surrogates, nothing past U+10FFFF), then decoded. */
function utf8(bytes: Uint8Array): Read<string> {
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) {
    return refused(
      `it is not valid UTF-8 text (byte ${bad.toLocaleString('en')}). Save it again as UTF-8, or declare its encoding (e.g. ISO-8859-1) in its first line.`,
    );
  }
  return { ok: true, value: strFromU8(bytes) };
}

/** The offset of the first byte that breaks UTF-8, or -1 when all is valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    // The second byte's range is narrower after E0 (overlong), ED (surrogates), F0 (overlong) and F4 (past U+10FFFF).
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

/** UTF-16 code units, refusing a lone surrogate (half of a character: the file is damaged). */
function utf16(bytes: Uint8Array, littleEndian: boolean): Read<string> {
  if (bytes.length % 2 !== 0)
    return refused('it is UTF-16 text cut in the middle of a character; the file is damaged.');
  const units = new Uint16Array(bytes.length / 2);
  for (let i = 0, o = 0; o < units.length; i += 2, o++)
    units[o] = littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
  const lone = loneSurrogateAt(units);
  if (lone >= 0)
    return refused(
      `it holds half a character (a lone UTF-16 surrogate at character ${lone.toLocaleString('en')}); the file is damaged.`,
    );
  return { ok: true, value: fromUnits(units) };
}

/** The index of the first unpaired surrogate among UTF-16 code units, or -1. */
export function loneSurrogateAt(units: ArrayLike<number>): number {
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = units[i + 1];
      if (next === undefined || next < 0xdc00 || next > 0xdfff) return i;
      i += 1;
    } else if (u >= 0xdc00 && u <= 0xdfff) return i;
  }
  return -1;
}

/** Windows-1252's characters for bytes 0x80–0x9F (where it differs from Latin-1; 0 = undefined, kept as the Latin-1 control). */
const CP1252 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

function singleByte(bytes: Uint8Array, high: readonly number[] | null): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    units[i] = high && b >= 0x80 && b <= 0x9f ? high[b - 0x80] || b : b;
  }
  return fromUnits(units);
}

function fromUnits(units: Uint16Array): string {
  const parts: string[] = [];
  for (let i = 0; i < units.length; i += 8192) parts.push(String.fromCharCode(...units.subarray(i, i + 8192)));
  return parts.join('');
}
