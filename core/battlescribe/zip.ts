import { Inflate } from 'fflate';
import { refused, type Read } from './result';

/** A `.rosz` whose roster inflates past this is refused (a real one is well under a megabyte; the same cap as a `.ros`). */
export const MAX_INFLATED_BYTES = 10_000_000;
/** Compressed bytes handed to the inflater at a time: a lying header overshoots by one chunk's output at most. */
const CHUNK_BYTES = 1024;
/** A roster archive holds one file; one with more entries than this is not a roster. */
const MAX_ENTRIES = 1000;

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

/**
 * The first `.ros` entry of a ZIP archive (APPNOTE.TXT: the central directory at its end lists
 * every entry with its sizes and CRC-32). The entry is inflated as a stream: a declared size past
 * the cap is refused before any byte is inflated, a size that lies is caught as the bytes come
 * out, so a zip bomb never fills memory; then the size and CRC-32 must match the directory's.
 * Other entries are never inflated.
 */
export function inflateRoster(zip: Uint8Array): Read<Uint8Array> {
  const listed = centralDirectory(zip);
  if (!listed.ok) return listed;
  const entry = listed.value.find((e) => /\.ros$/i.test(e.name));
  if (!entry) return refused('it is a ZIP archive, but holds no roster (.ros) file.');
  if (entry.flags & 1) return refused('the roster inside is password-protected; export it again without a password.');
  if (entry.method !== 0 && entry.method !== 8)
    return refused(`the roster inside is compressed in a way roster files never are (method ${entry.method}).`);
  if (entry.size > MAX_INFLATED_BYTES) return tooLarge();
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localHeader;
  if (at + 30 > zip.length || view.getUint32(at, true) !== 0x04034b50)
    return refused('it is not a readable .rosz: the archive is damaged (its directory points nowhere).');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length)
    return refused('the archive is cut short: the roster inside it ends before its end. Export the roster again.');
  const data = zip.subarray(start, end);
  const out = entry.method === 0 ? { ok: true as const, value: data.slice() } : inflate(data);
  if (!out.ok) return out;
  if (out.value.length !== entry.size) {
    return refused(
      `it is not a readable .rosz: the archive is damaged (the roster inside is ${out.value.length.toLocaleString('en')} bytes, its directory says ${entry.size.toLocaleString('en')}).`,
    );
  }
  if (crc32(out.value) !== entry.crc)
    return refused(
      'it is not a readable .rosz: the archive is damaged (the roster inside fails its CRC check). Export the roster again.',
    );
  return out;
}

const tooLarge = () =>
  refused(
    `the roster inside is larger than ${MAX_INFLATED_BYTES / 1_000_000} MB once unzipped; a real roster is far smaller, so it is not read.`,
  );

/** The entries the central directory lists, or why it cannot be read. */
function centralDirectory(zip: Uint8Array): Read<Entry[]> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return refused('the archive is cut short: its directory of files is missing. Export the roster again.');
  const count = view.getUint16(eocd + 10, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count > MAX_ENTRIES) return refused(`it is a ZIP archive of ${count.toLocaleString('en')} files, not a roster.`);
  const entries: Entry[] = [];
  for (let i = 0, at = offset; i < count; i++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50)
      return refused('it is not a readable .rosz: the archive is damaged (its directory of files is broken).');
    const nameLength = view.getUint16(at + 28, true);
    const entry: Entry = {
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeader: view.getUint32(at + 42, true),
      name: asciiName(zip.subarray(at + 46, Math.min(zip.length, at + 46 + nameLength))),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return tooLarge(); // ZIP64: over 4 GB
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return { ok: true, value: entries };
}

/** An entry's name with non-ASCII bytes as "?": only its `.ros` ending is looked at. */
function asciiName(bytes: Uint8Array): string {
  let name = '';
  for (let i = 0; i < Math.min(bytes.length, 300); i++) name += bytes[i]! < 0x80 ? String.fromCharCode(bytes[i]!) : '?';
  return name;
}

/** Deflate data inflated chunk by chunk, stopped as soon as it passes the cap. */
function inflate(data: Uint8Array): Read<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > MAX_INFLATED_BYTES) over = true;
    else chunks.push(chunk);
    if (final) done = true;
  });
  try {
    for (let at = 0; at < data.length && !over && !done; at += CHUNK_BYTES)
      inflater.push(data.subarray(at, at + CHUNK_BYTES), at + CHUNK_BYTES >= data.length);
  } catch (error) {
    return refused(
      `it is not a readable .rosz: the archive is damaged (${String((error as Error).message).slice(0, 60)}).`,
    );
  }
  if (over) return tooLarge();
  if (!done)
    return refused('the archive is cut short: the roster inside it ends before its end. Export the roster again.');
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return { ok: true, value: out };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as ZIP computes it (polynomial 0xEDB88320). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
