import { crc32 } from 'node:zlib';

/**
 * How a record is framed in the journal and in a snapshot's body (format version 3):
 *
 *     <CRC-32 of the JSON, 8 hex digits> <length of the JSON in bytes> <JSON>\n
 *
 * The length says where a record ends whatever became of its line end, and the checksum proves a
 * record whole wherever it is found. Version 2 framed a record by its line alone,
 * `<CRC-32> <JSON>\n`: one flipped line end merged two lines and lost both records, a flipped last
 * line end was taken for a write cut short and the record cut off disk, and a journal whose line
 * ends became CRLF lost every record. Both versions are read here, by one reader:
 *
 * - a record is read by its length, or else up to its line end (version 2, or a damaged length);
 * - CRLF reads as LF;
 * - after damage the reader resynchronises: it looks for the next place a whole record starts,
 *   and a record whose line end was lost is found by its checksum up to that place;
 * - an unfinished last record (no whole record in it and no line end after it: a write cut short,
 *   never acknowledged) is reported as torn, apart from damage.
 */

export interface FrameRead {
  /** The JSON of every whole record, in file order. */
  records: Buffer[];
  /** What is damaged, in words, in file order; empty when nothing is. */
  faults: string[];
  /** Where an unfinished last record begins (a write cut short), or null. */
  tornAt: number | null;
}

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const BRACE = 0x7b;
/** Where a record may start: eight hex digits, a space, a length and a space (version 3), a brace. */
const recordStart = /[0-9a-fA-F]{8} (?:\d{1,12} )?\{/g;

/** One record, framed. */
export function frame(json: string): string {
  return `${hex(crc32(json))} ${Buffer.byteLength(json)} ${json}\n`;
}

/** One record as version 2 framed it; kept for tests and figures of reading old stores. */
export function frameV2(json: string): string {
  return `${hex(crc32(json))} ${json}\n`;
}

const hex = (crc: number) => crc.toString(16).padStart(8, '0');

/** Every whole record of a journal or snapshot body, however damaged the rest is. */
export function readFrames(data: Buffer): FrameRead {
  const records: Buffer[] = [];
  const faults: string[] = [];
  const starts = new RecordStarts(data);
  let at = 0;
  while (at < data.length) {
    const found = recordAt(data, at);
    if (found) {
      records.push(found.json);
      at = afterLineEnd(data, found.end, faults, records.length);
      continue;
    }
    const next = starts.after(at);
    const stop = next ?? data.length;
    // Version 2 has no length: a record whose line end was damaged runs on to the next record.
    const merged = recordEndingNear(data, at, stop);
    if (merged) {
      records.push(merged);
      faults.push(`the line end of record ${records.length} is damaged`);
    } else if (next === null && data.indexOf(LF, at) < 0) {
      return { records, faults, tornAt: at };
    } else {
      faults.push(`record ${records.length + 1} is damaged`);
    }
    at = stop;
  }
  return { records, faults, tornAt: null };
}

/** Where the next record begins after a whole one ended at `end`; notes a damaged line end. */
function afterLineEnd(data: Buffer, end: number, faults: string[], count: number): number {
  if (data[end] === LF) return end + 1;
  if (data[end] === CR && data[end + 1] === LF) return end + 2;
  if (end >= data.length) {
    faults.push(`record ${count} has no line end`);
    return end;
  }
  faults.push(`the line end of record ${count} is damaged`);
  // A line end changed into another byte: the next record starts after it. One dropped: right here.
  return end + 1 >= data.length || recordAt(data, end + 1) ? end + 1 : end;
}

interface Header {
  crc: number;
  /** The JSON's length in bytes; null in version 2. */
  length: number | null;
  /** Where the JSON begins. */
  body: number;
}

function headerAt(data: Buffer, at: number): Header | null {
  let i = at;
  for (; i < at + 8; i++) if (!isHex(data[i])) return null;
  if (data[i++] !== SPACE) return null;
  let length: number | null = null;
  if (isDigit(data[i])) {
    const first = i;
    length = 0;
    while (isDigit(data[i]) && i - first < 12) length = length * 10 + (data[i++]! - 0x30);
    if (data[i++] !== SPACE) return null;
  }
  if (data[i] !== BRACE) return null;
  return { crc: Number.parseInt(data.toString('latin1', at, at + 8), 16), length, body: i };
}

/** The record that starts at `at`, ended by its length or else by its line end; null if none does. */
function recordAt(data: Buffer, at: number): { json: Buffer; end: number } | null {
  const head = headerAt(data, at);
  if (!head) return null;
  if (head.length !== null) {
    const end = head.body + head.length;
    if (end <= data.length && crc32(data.subarray(head.body, end)) === head.crc)
      return { json: data.subarray(head.body, end), end };
  }
  const lf = data.indexOf(LF, head.body);
  if (lf < 0) return null;
  const end = data[lf - 1] === CR ? lf - 1 : lf;
  return crc32(data.subarray(head.body, end)) === head.crc ? { json: data.subarray(head.body, end), end } : null;
}

/**
 * The record that starts at `at` and whose line end was damaged, found by its checksum: its JSON
 * ends one byte before `stop` (the line end changed), at `stop` (dropped), or two before (a CRLF
 * whose LF changed).
 */
function recordEndingNear(data: Buffer, at: number, stop: number): Buffer | null {
  const head = headerAt(data, at);
  if (!head) return null;
  for (const end of [stop - 1, stop, stop - 2]) {
    if (end <= head.body) continue;
    const json = data.subarray(head.body, end);
    if (crc32(json) === head.crc) return json;
  }
  return null;
}

/** Finds where the next whole record starts, past damage; the text is made only if there is damage. */
class RecordStarts {
  private text: string | undefined;
  constructor(private readonly data: Buffer) {}

  after(at: number): number | null {
    this.text ??= this.data.toString('latin1');
    recordStart.lastIndex = at + 1;
    for (let match = recordStart.exec(this.text); match; match = recordStart.exec(this.text)) {
      if (recordAt(this.data, match.index)) return match.index;
      recordStart.lastIndex = match.index + 1;
    }
    return null;
  }
}

const isHex = (byte: number | undefined) =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46));
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
