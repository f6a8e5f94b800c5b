import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { isRow, tableNames, type TableName } from '../../../core/store/rows';
import { frame, frameV2, readFrames } from './frames';

/**
 * The on-disk format of the desktop store, version 3.
 *
 * Every record is framed as frames.ts says: `<crc32 hex> <byte length> <json>\n`, with its own
 * checksum, so damage to one costs that one only, and damage to the line ends between them costs
 * none.
 *
 * snapshot-<generation>.ccstore: a one-line JSON header (format, version, schema version,
 *   generation, body length and CRC-32), then the body: one record per row, the JSON being
 *   `{ t, row }`. A snapshot of generation g holds everything journalled in journals before g. A
 *   damaged snapshot still gives every row it holds intact (issue 26: one flipped byte in each of
 *   two snapshots lost 20 of 35 writes).
 * journal-<generation>.log: one record per committed write, the JSON being `{ seq, v, ops }` where
 *   each op puts whole rows into, or deletes keys from, one table. A damaged record is skipped and
 *   every intact one after it is kept.
 *
 * Version 2 (records framed by their line end alone) and version 1 (a snapshot's body one JSON
 * document of every table) are still read.
 */
export const STORE_FORMAT = 'combat-companion.store';
export const STORE_FORMAT_VERSION = 3;

export type Tables = Record<TableName, Record<string, unknown>[]>;
export type Op = { t: TableName; put: Record<string, unknown>[] } | { t: TableName; del: string[] };
export interface JournalRecord {
  seq: number;
  /** Schema version of the database that committed it. */
  v: number;
  ops: Op[];
}

const generationDigits = 8;
export const snapshotName = (generation: number) =>
  `snapshot-${String(generation).padStart(generationDigits, '0')}.ccstore`;
export const journalName = (generation: number) => `journal-${String(generation).padStart(generationDigits, '0')}.log`;
export const snapshotPattern = /^snapshot-(\d{8})\.ccstore$/;
export const journalPattern = /^journal-(\d{8})\.log$/;
/** Any file of ours, set aside or not: its generation is never reused. */
export const anyGenerationPattern = /^(?:snapshot|journal)-(\d{8})\./;

const headerSchema = z
  .object({
    format: z.literal(STORE_FORMAT),
    formatVersion: z.number().int(),
    schemaVersion: z.number().int().min(1),
    generation: z.number().int().min(0),
    savedAt: z.string(),
    bytes: z.number().int().min(0),
    crc32: z.number().int(),
  })
  .strict();
export type SnapshotHeader = z.infer<typeof headerSchema>;

const keyOf = (table: TableName) => (table === 'settings' ? 'key' : 'id');
const emptyTables = (): Tables => Object.fromEntries(tableNames.map((t) => [t, []])) as unknown as Tables;

type SnapshotMeta = { schemaVersion: number; generation: number; savedAt: string };

export function encodeSnapshot(tables: Tables, meta: SnapshotMeta): Buffer {
  return snapshotOf(tables, meta, frame, STORE_FORMAT_VERSION);
}

/** A version 2 snapshot (rows framed by their line end alone); kept for tests and figures of reading old stores. */
export function encodeSnapshotV2(tables: Tables, meta: SnapshotMeta): Buffer {
  return snapshotOf(tables, meta, frameV2, 2);
}

function snapshotOf(tables: Tables, meta: SnapshotMeta, framed: (json: string) => string, version: number): Buffer {
  // Built as one string and converted once: a Buffer per row made compaction four times slower.
  const lines: string[] = [];
  for (const t of tableNames) for (const row of tables[t]) lines.push(framed(JSON.stringify({ t, row })));
  return withHeader(Buffer.from(lines.join('')), meta, version);
}

/** A version 1 snapshot (the body one JSON document), as the app wrote before version 2; kept for tests of the upgrade. */
export function encodeSnapshotV1(tables: Tables, meta: SnapshotMeta): Buffer {
  return withHeader(Buffer.from(JSON.stringify(tables)), meta, 1);
}

function withHeader(body: Buffer, meta: SnapshotMeta, formatVersion: number): Buffer {
  const header: SnapshotHeader = {
    format: STORE_FORMAT,
    formatVersion,
    ...meta,
    bytes: body.length,
    crc32: crc32(body),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

export class DamagedFileError extends Error {}
/** A file written by a newer app: it is not damaged, so it must not be set aside. */
export class TooNewError extends Error {}

function readHeader(data: Buffer): { header: SnapshotHeader; body: Buffer } {
  const newline = data.indexOf(0x0a);
  if (newline < 0) throw new DamagedFileError('no header line');
  let header: SnapshotHeader;
  try {
    // A CR before the line end (a copy that made line ends CRLF) is white space to JSON.
    header = headerSchema.parse(JSON.parse(data.subarray(0, newline).toString('utf8')));
  } catch {
    throw new DamagedFileError('the header is not valid');
  }
  if (header.formatVersion > STORE_FORMAT_VERSION)
    throw new TooNewError(
      `format version ${header.formatVersion} is newer than this app reads (${STORE_FORMAT_VERSION})`,
    );
  return { header, body: data.subarray(newline + 1) };
}

export function decodeSnapshot(data: Buffer): { header: SnapshotHeader; tables: Tables } {
  const { header, body } = readHeader(data);
  if (body.length !== header.bytes)
    throw new DamagedFileError(`it is ${body.length} bytes long instead of ${header.bytes} (truncated?)`);
  if (crc32(body) !== header.crc32) throw new DamagedFileError('its checksum does not match');
  if (header.formatVersion >= 2) return { header, tables: readIntactRows(body) };
  let tables: unknown;
  try {
    tables = JSON.parse(body.toString('utf8'));
  } catch {
    throw new DamagedFileError('its content is not valid JSON');
  }
  return { header, tables: checkTables(tables) };
}

/**
 * What a damaged snapshot of version 2 or later still holds: every row whose record is intact.
 * Null when not even its header reads (nothing in it can be trusted to be ours).
 */
export function salvageSnapshot(data: Buffer): { header: SnapshotHeader; tables: Tables } | null {
  let read: { header: SnapshotHeader; body: Buffer };
  try {
    read = readHeader(data);
  } catch (error) {
    if (error instanceof TooNewError) throw error;
    return null;
  }
  if (read.header.formatVersion < 2) return null;
  const tables = emptyTables();
  for (const json of readFrames(read.body).records) {
    const value = parseJson(json);
    const { t, row } = (typeof value === 'object' && value !== null ? value : {}) as { t?: unknown; row?: unknown };
    if (tableNames.includes(t as TableName) && isRow(t as TableName, row))
      tables[t as TableName].push(row as Record<string, unknown>);
  }
  return { header: read.header, tables };
}

/**
 * The rows of a body whose whole checksum matched: no record's own checksum needs checking, each
 * is one line, and the text is split once (per-line buffers made loading three times slower). The
 * JSON begins at a line's first brace, in version 3 (after checksum and length) as in version 2.
 */
function readIntactRows(body: Buffer): Tables {
  const tables = emptyTables();
  const text = body.toString('utf8');
  let offset = 0;
  let index = 0;
  while (offset < text.length) {
    let end = text.indexOf('\n', offset);
    if (end < 0) end = text.length;
    let value: { t?: unknown; row?: unknown };
    try {
      value = JSON.parse(text.slice(text.indexOf('{', offset), end)) as { t?: unknown; row?: unknown };
    } catch {
      throw new DamagedFileError(`row ${index + 1} is not valid JSON`);
    }
    if (!tableNames.includes(value.t as TableName) || !isRow(value.t as TableName, value.row))
      throw new DamagedFileError(`row ${index + 1} is not a valid row`);
    tables[value.t as TableName].push(value.row as Record<string, unknown>);
    offset = end + 1;
    index++;
  }
  return tables;
}

function parseJson(json: Buffer): unknown {
  try {
    return JSON.parse(json.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function checkTables(value: unknown): Tables {
  if (typeof value !== 'object' || value === null) throw new DamagedFileError('its content is not a set of tables');
  const tables = value as Record<string, unknown>;
  const out = {} as Tables;
  for (const table of tableNames) {
    const rows = tables[table] ?? [];
    if (!Array.isArray(rows)) throw new DamagedFileError(`table ${table} is not a list`);
    out[table] = rows.map((row: unknown, i) => checkRow(table, row, `${table}[${i}]`));
  }
  return out;
}

function checkRow(table: TableName, row: unknown, where: string): Record<string, unknown> {
  if (!isRow(table, row)) throw new DamagedFileError(`${where} is not a valid row`);
  return row;
}

export function encodeRecord(record: JournalRecord): Buffer {
  return Buffer.from(frame(JSON.stringify(record)));
}

/** A journal record as version 2 framed it; kept for tests and figures of reading old stores. */
export function encodeRecordV2(record: JournalRecord): Buffer {
  return Buffer.from(frameV2(JSON.stringify(record)));
}

const recordShape = z.object({
  seq: z.number().int(),
  v: z.number().int().min(1),
  ops: z.array(z.looseObject({ t: z.enum(tableNames) })),
});

export interface JournalRead {
  /** Every intact record, in file order, including those after damage. */
  records: JournalRecord[];
  /** Where an unfinished last record begins, or the file's length when there is none. */
  validBytes: number;
  /**
   * The file ends in an unfinished record: no whole record in it and no line end after it, a write
   * cut short before it was acknowledged. A last record that is whole but lacks its line end is
   * not torn: it is kept, and counted as damage.
   */
  tornTail: boolean;
  /** What is damaged, in words; null when nothing is. */
  damage: string | null;
}

/**
 * Reads a journal to its end. Each record has its own checksum and length, so damage costs the
 * damaged record only: every intact record, before or after it, is kept (issue 26: one flipped
 * byte dropped every later record of its journal; the reliability audit: one flipped line end
 * lost the two records it joined).
 */
export function readJournal(data: Buffer): JournalRead {
  const frames = readFrames(data);
  const records: JournalRecord[] = [];
  const damaged = [...frames.faults];
  for (const [index, json] of frames.records.entries()) {
    const record = decodeRecord(json);
    if (typeof record === 'string') damaged.push(`record ${index + 1}: ${record}`);
    else records.push(record);
  }
  return {
    records,
    validBytes: frames.tornAt ?? data.length,
    tornTail: frames.tornAt !== null,
    damage: damageText(damaged),
  };
}

function damageText(damaged: readonly string[]): string | null {
  if (damaged.length === 0) return null;
  const shown = damaged.slice(0, 3).join(', ');
  return damaged.length > 3 ? `${shown} and ${damaged.length - 3} more` : shown;
}

function decodeRecord(json: Buffer): JournalRecord | string {
  const value = parseJson(json);
  if (value === undefined) return 'not valid JSON';
  const shape = recordShape.safeParse(value);
  if (!shape.success) return 'not a valid record';
  for (const op of shape.data.ops) {
    const o = op as Record<string, unknown>;
    if (Array.isArray(o['put'])) {
      const bad = o['put'].findIndex((row: unknown) => !isRow(op.t, row));
      if (bad >= 0) return `row ${bad + 1} of a write to ${op.t} is not valid`;
    } else if (!Array.isArray(o['del']) || !o['del'].every((k) => typeof k === 'string'))
      return 'an operation is neither put nor delete';
  }
  return value as JournalRecord;
}

/** Applies journalled operations to tables held as maps by primary key. */
export function applyOps(maps: Record<TableName, Map<string, Record<string, unknown>>>, ops: readonly Op[]): void {
  for (const op of ops) {
    const map = maps[op.t];
    if ('put' in op) for (const row of op.put) map.set(String(row[keyOf(op.t)]), row);
    else for (const key of op.del) map.delete(key);
  }
}

export function mapsOf(tables: Tables): Record<TableName, Map<string, Record<string, unknown>>> {
  const maps = {} as Record<TableName, Map<string, Record<string, unknown>>>;
  for (const table of tableNames) maps[table] = new Map(tables[table].map((row) => [String(row[keyOf(table)]), row]));
  return maps;
}
