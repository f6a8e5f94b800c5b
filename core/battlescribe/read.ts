import { refused, type Read } from './result';
import { decodeRosterBytes } from './text';
import { inflateRoster } from './zip';

export { refused, type Read } from './result';
export { inflateRoster, MAX_INFLATED_BYTES } from './zip';

/** A roster file larger than this is refused before it is read (a real one is kilobytes). */
export const MAX_FILE_BYTES = 10_000_000;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const startsWithZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

/**
 * The roster XML of a `.ros` or `.rosz` file's bytes, as text in the encoding it declares. A
 * `.rosz` is a ZIP archive holding one `.ros`; a file is judged by its first bytes rather than its
 * name, since both programs have written plain XML under `.rosz`.
 */
export function rosterXmlOf(bytes: Uint8Array): Read<string> {
  if (bytes.length === 0) return refused('it is empty.');
  if (bytes.length > MAX_FILE_BYTES)
    return refused(`it is larger than ${MAX_FILE_BYTES / 1_000_000} MB, and a roster file is far smaller.`);
  if (startsWithZip(bytes)) {
    const inner = inflateRoster(bytes);
    return inner.ok ? xmlText(inner.value) : inner;
  }
  return xmlText(bytes);
}

function xmlText(bytes: Uint8Array): Read<string> {
  const text = decodeRosterBytes(bytes);
  if (!text.ok) return text;
  const body = text.value.replace(/^\uFEFF/, '');
  if (!/^\s{0,1000}</.test(body)) return refused('it is neither a roster (.ros, XML) nor a zipped roster (.rosz).');
  return { ok: true, value: body };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each base64 character's 6 bits, by character code (-1: not base64). */
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) SEXTET[BASE64.charCodeAt(i)] = i;

/** Standard base64 text (RFC 4648 §4, padded) of some bytes: the other half of `fromBase64`. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    parts.push(
      BASE64[(n >> 18) & 63]! +
        BASE64[(n >> 12) & 63]! +
        (left > 1 ? BASE64[(n >> 6) & 63]! : '=') +
        (left > 2 ? BASE64[n & 63]! : '='),
    );
  }
  return parts.join('');
}

/**
 * Bytes of standard base64 text (RFC 4648 §4, padded), as files cross the contract. Null when the
 * text is not base64. (core/ has no Buffer or atob, and a library for this would be larger than it.)
 */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  const sextet = (i: number) => (i < text.length - padding ? SEXTET[text.charCodeAt(i)]! : 0);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n = (sextet(i) << 18) | (sextet(i + 1) << 12) | (sextet(i + 2) << 6) | sextet(i + 3);
    out[o++] = (n >> 16) & 0xff;
    if (o < out.length) out[o++] = (n >> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}
