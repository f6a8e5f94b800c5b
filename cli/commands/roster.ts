import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { convertRosterFile, MAX_FILE_BYTES, type ImportPreview } from '../../core/roster/import';
import type { Registry } from '../../core/systems';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../io';

const usage = 'Usage: combat-companion roster import <file.ros|file.rosz>\n';

/**
 * `combat-companion roster import <file>`: a BattleScribe or New Recruit roster converted to a
 * .ccroster.json document on standard output (what the app's Import… takes); what was left out or
 * should be checked goes to standard error. A file that cannot be read: a message, exit code 2.
 */
export async function rosterCommand(args: string[], io: CliIo, registry: Registry): Promise<number> {
  const [action, path, ...extra] = args;
  if (action !== 'import' || !path || extra.length > 0) {
    io.err(
      action === 'import' && !path
        ? `combat-companion roster import: give the roster file to convert.\n${usage}`
        : usage,
    );
    return EXIT_USAGE;
  }
  let bytes: Uint8Array;
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) {
      io.err(
        `${path} cannot be imported: it is larger than ${MAX_FILE_BYTES / 1_000_000} MB, and a roster file is far smaller.\n`,
      );
      return EXIT_USAGE;
    }
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    io.err(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.\n`,
    );
    return EXIT_USAGE;
  }
  const converted = convertRosterFile(basename(path), bytes, new Date().toISOString(), registry);
  if (!converted.ok) {
    io.err(`${converted.message}\n`);
    return EXIT_USAGE;
  }
  io.out(`${JSON.stringify(converted.file, null, 2)}\n`);
  io.err(summary(converted.preview));
  return EXIT_OK;
}

/** What a player should know about the conversion, in a few lines. */
function summary(preview: ImportPreview): string {
  const units = preview.units.length;
  const lines = [
    `Converted “${preview.rosterName}” (${preview.gameSystem}): ${units} unit${units === 1 ? '' : 's'}${preview.points === null ? '' : `, ${preview.points} pts`}.`,
  ];
  for (const skipped of preview.skipped) lines.push(`Left out: ${skipped.name}: ${skipped.reason}`);
  for (const unit of preview.units) for (const check of unit.confirm) lines.push(`Check ${unit.name}: ${check}`);
  return `${lines.join('\n')}\n`;
}
