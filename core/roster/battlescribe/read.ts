import { strFromU8, Unzip, UnzipInflate } from 'fflate';

/** What reading a file gives: the value, or why not, in words that follow "This file cannot be imported: ". */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };
export const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A roster file larger than this is refused before it is read (a real one is kilobytes). */
export const MAX_FILE_BYTES = 10_000_000;
/** A `.rosz` whose roster inflates past this is refused (a real one is well under a megabyte). */
export const MAX_INFLATED_BYTES = 50_000_000;
/** Compressed bytes handed to the inflater at a time: a lying header overshoots by one chunk at most. */
const CHUNK_BYTES = 16 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const startsWithZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

/**
 * The roster XML of a `.ros` or `.rosz` file's bytes. A `.rosz` is a ZIP archive holding one
 * `.ros`; a file is judged by its first bytes rather than its name, since both programs have
 * written plain XML under `.rosz`.
 */
export function rosterXmlOf(bytes: Uint8Array): Read<string> {
  if (bytes.length === 0) return refused('it is empty.');
  if (startsWithZip(bytes)) {
    const inner = inflateRoster(bytes);
    return inner.ok ? { ok: true, value: utf8(inner.value) } : inner;
  }
  const text = utf8(bytes);
  if (!/^\s*</.test(text)) return refused('it is neither a roster (.ros, XML) nor a zipped roster (.rosz).');
  return { ok: true, value: text };
}

const utf8 = (bytes: Uint8Array) => strFromU8(bytes).replace(/^\uFEFF/, '');

/**
 * The first `.ros` entry of a ZIP archive, inflated as a stream: a declared size past 50 MB is
 * refused before any byte is inflated, and a size that lies is caught as the bytes come out, so
 * a zip bomb never fills memory. Other entries are never inflated.
 */
export function inflateRoster(zip: Uint8Array): Read<Uint8Array> {
  const tooLarge = refused(`the roster inside is larger than ${MAX_INFLATED_BYTES / 1_000_000} MB once unzipped; a real roster is far smaller, so it is not read.`);
  let entry: { name: string; chunks: Uint8Array[]; size: number; complete: boolean } | undefined;
  let problem: Read<never> | undefined;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (entry || problem || !/\.ros$/i.test(file.name)) return; // left compressed: never started
    const found = { name: file.name, chunks: [] as Uint8Array[], size: 0, complete: false };
    entry = found;
    if (file.compression !== 0 && file.compression !== 8) {
      problem = refused(`the roster inside is compressed in a way roster files never are (method ${file.compression}).`);
      return;
    }
    if (file.originalSize !== undefined && file.originalSize > MAX_INFLATED_BYTES) {
      problem = tooLarge;
      return;
    }
    file.ondata = (error, data, final) => {
      if (problem) return;
      if (error) {
        problem = refused(`the roster inside cannot be unzipped (${error.message}).`);
        return;
      }
      found.size += data.length;
      if (found.size > MAX_INFLATED_BYTES) {
        problem = tooLarge;
        file.terminate();
        return;
      }
      found.chunks.push(data);
      if (final) found.complete = true;
    };
    file.start();
  };
  try {
    for (let at = 0; at < zip.length && !problem && !entry?.complete; at += CHUNK_BYTES) {
      unzip.push(zip.subarray(at, at + CHUNK_BYTES), at + CHUNK_BYTES >= zip.length);
    }
  } catch (error) {
    return refused(`it is not a readable .rosz: the archive is damaged (${(error as Error).message}).`);
  }
  if (problem) return problem;
  if (!entry) return refused('it is a ZIP archive, but holds no roster (.ros) file.');
  if (!entry.complete) return refused('the archive is cut short: the roster inside it ends before its end. Export the roster again.');
  const out = new Uint8Array(entry.size);
  let at = 0;
  for (const chunk of entry.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return { ok: true, value: out };
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
    parts.push(BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]! + (left > 1 ? BASE64[(n >> 6) & 63]! : '=') + (left > 2 ? BASE64[n & 63]! : '='));
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
