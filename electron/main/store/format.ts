import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { isRow, tableNames, type TableName } from '../../../core/store/rows';

/**
 * The on-disk format of the desktop store, version 2.
 *
 * snapshot-<generation>.ccstore: a one-line JSON header (format, version, schema version,
 *   generation, body length and CRC-32), then the body: one line per row, `<crc32 hex> <json>\n`,
 *   the JSON being `{ t, row }`. A snapshot of generation g holds everything journalled in
 *   journals before g. Each row has its own checksum, so a damaged snapshot still gives every row
 *   it holds intact (issue 26: one flipped byte in each of two snapshots lost 20 of 35 writes).
 *   Version 1 (the body one JSON document of every table) is still read.
 * journal-<generation>.log: one line per committed write, `<crc32 hex> <json>\n`, the JSON being
 *   `{ seq, v, ops }` where each op puts whole rows into, or deletes keys from, one table. A
 *   damaged line is skipped and every intact line after it is kept.
 */
export const STORE_FORMAT = 'combat-companion.store';
export const STORE_FORMAT_VERSION = 2;

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

/** One line: the CRC-32 of the JSON in hex, a space, the JSON, a newline. */
function checkedLine(value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value));
  return Buffer.concat([Buffer.from(`${crc32(json).toString(16).padStart(8, '0')} `), json, Buffer.from('\n')]);
}

/** The JSON of a checked line, or why it is not one. */
function checkedJson(line: Buffer): unknown {
  if (line.length < 10 || line[8] !== 0x20) return new DamagedFileError('not a checked line');
  const json = line.subarray(9);
  if (Number.parseInt(line.subarray(0, 8).toString('latin1'), 16) !== crc32(json))
    return new DamagedFileError('checksum does not match');
  try {
    return JSON.parse(json.toString('utf8')) as unknown;
  } catch {
    return new DamagedFileError('not valid JSON');
  }
}

export function encodeSnapshot(
  tables: Tables,
  meta: { schemaVersion: number; generation: number; savedAt: string },
): Buffer {
  // Built as one string and converted once: a Buffer per row made compaction four times slower.
  const lines: string[] = [];
  for (const t of tableNames) {
    for (const row of tables[t]) {
      const json = JSON.stringify({ t, row });
      lines.push(`${crc32(json).toString(16).padStart(8, '0')} ${json}\n`);
    }
  }
  const body = Buffer.from(lines.join(''));
  const header: SnapshotHeader = {
    format: STORE_FORMAT,
    formatVersion: STORE_FORMAT_VERSION,
    ...meta,
    bytes: body.length,
    crc32: crc32(body),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

/** A version 1 snapshot (the body one JSON document), as the app wrote before version 2; kept for tests of the upgrade. */
export function encodeSnapshotV1(
  tables: Tables,
  meta: { schemaVersion: number; generation: number; savedAt: string },
): Buffer {
  const body = Buffer.from(JSON.stringify(tables));
  const header: SnapshotHeader = {
    format: STORE_FORMAT,
    formatVersion: 1,
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
 * What a damaged version 2 snapshot still holds: every row whose line is intact, and how many lines
 * were not. Null when not even its header reads (nothing in it can be trusted to be ours).
 */
export function salvageSnapshot(data: Buffer): { header: SnapshotHeader; tables: Tables; damaged: number } | null {
  let read: { header: SnapshotHeader; body: Buffer };
  try {
    read = readHeader(data);
  } catch (error) {
    if (error instanceof TooNewError) throw error;
    return null;
  }
  if (read.header.formatVersion < 2) return null;
  return { header: read.header, ...readRowLines(read.body) };
}

/**
 * The rows of a body whose whole checksum matched: no line's own checksum needs checking, and the
 * text is split once (per-line buffers made loading three times slower).
 */
function readIntactRows(body: Buffer): Tables {
  const tables = Object.fromEntries(tableNames.map((t) => [t, []])) as unknown as Tables;
  const text = body.toString('utf8');
  let offset = 0;
  let index = 0;
  while (offset < text.length) {
    let end = text.indexOf('\n', offset);
    if (end < 0) end = text.length;
    let value: { t?: unknown; row?: unknown };
    try {
      value = JSON.parse(text.slice(offset + 9, end)) as { t?: unknown; row?: unknown };
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

function readRowLines(body: Buffer): { tables: Tables; damaged: number } {
  const tables = Object.fromEntries(tableNames.map((t) => [t, []])) as unknown as Tables;
  let damaged = 0;
  let offset = 0;
  while (offset < body.length) {
    let end = body.indexOf(0x0a, offset);
    if (end < 0) end = body.length;
    const value = checkedJson(body.subarray(offset, end));
    offset = end + 1;
    const { t, row } = (typeof value === 'object' && value !== null ? value : {}) as { t?: unknown; row?: unknown };
    if (value instanceof Error || !tableNames.includes(t as TableName) || !isRow(t as TableName, row)) {
      damaged++;
      continue;
    }
    tables[t as TableName].push(row as Record<string, unknown>);
  }
  return { tables, damaged };
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
  return checkedLine(record);
}

const recordShape = z.object({
  seq: z.number().int(),
  v: z.number().int().min(1),
  ops: z.array(z.looseObject({ t: z.enum(tableNames) })),
});

export interface JournalRead {
  /** Every intact record, in file order, including those after a damaged line. */
  records: JournalRecord[];
  /** Bytes up to the end of the last whole line. */
  validBytes: number;
  /** The file ends in a partial line: a write cut short before it was acknowledged. */
  tornTail: boolean;
  /** The complete lines that are not valid records, in words; null when there are none. */
  damage: string | null;
}

/**
 * Reads a journal to its end. Each record has its own checksum, so a damaged line costs that
 * record only: every intact record after it is kept (issue 26: one flipped byte dropped every
 * later record of its journal, 3 acknowledged writes).
 */
export function readJournal(data: Buffer): JournalRead {
  const records: JournalRecord[] = [];
  const damaged: string[] = [];
  let offset = 0;
  let line = 0;
  while (offset < data.length) {
    const end = data.indexOf(0x0a, offset);
    if (end < 0) return { records, validBytes: offset, tornTail: true, damage: damageText(damaged) };
    line++;
    const record = decodeLine(data.subarray(offset, end));
    if (typeof record === 'string') damaged.push(`line ${line}: ${record}`);
    else records.push(record);
    offset = end + 1;
  }
  return { records, validBytes: offset, tornTail: false, damage: damageText(damaged) };
}

function damageText(damaged: readonly string[]): string | null {
  if (damaged.length === 0) return null;
  const shown = damaged.slice(0, 3).join(', ');
  return damaged.length > 3 ? `${shown} and ${damaged.length - 3} more damaged lines` : shown;
}

function decodeLine(line: Buffer): JournalRecord | string {
  const value = checkedJson(line);
  if (value instanceof Error) return value.message === 'not a checked line' ? 'not a journal line' : value.message;
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
