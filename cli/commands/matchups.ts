import { parseArgs } from 'node:util';
import { matchupMarkdown, matchupTable, hasModes, plainMatchups, type MatchupMode } from '../../core/matchups';
import { parseRosterFile, type ExportedRoster } from '../../core/roster/exchange';
import type { Registry } from '../../core/systems';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../io';
import { InputFileError, readJson } from '../readJson';

const usage =
  'Usage: combat-companion matchups <file.ccroster.json|-> --mine <roster> --theirs <roster> [--markdown] [--fighting|--shooting]\n';

interface MatchupArgs {
  file: string;
  mine: string;
  theirs: string;
  markdown: boolean;
  mode: MatchupMode | undefined;
}

/** The command line read, or what is wrong with it in words. */
function readArgs(args: string[]): MatchupArgs | string {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        mine: { type: 'string' },
        theirs: { type: 'string' },
        markdown: { type: 'boolean', default: false },
        fighting: { type: 'boolean', default: false },
        shooting: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return 'give one roster file (.ccroster.json), or - to read it from standard input.';
  if (!values.mine || !values.theirs) return 'name both rosters: --mine <name> and --theirs <name>.';
  if (values.fighting && values.shooting) return 'choose --fighting or --shooting, not both.';
  const mode = values.fighting ? 'fighting' : values.shooting ? 'shooting' : undefined;
  return { file: positionals[0]!, mine: values.mine, theirs: values.theirs, markdown: values.markdown, mode };
}

/** A roster of the file by its name (case and spaces around it not minded), or its id. */
function rosterNamed(rosters: readonly ExportedRoster[], name: string): ExportedRoster | string {
  const wanted = name.trim().toLowerCase();
  const found = rosters.filter((r) => r.id === name || r.name.trim().toLowerCase() === wanted);
  if (found.length === 1) return found[0]!;
  const names = rosters.map((r) => `"${r.name}"`).join(', ');
  return found.length === 0
    ? `the file has no roster named "${name}"; it has ${names || 'none'}.`
    : `the file has ${found.length} rosters named "${name}": give one's id instead.`;
}

/**
 * `combat-companion matchups <file> --mine <roster> --theirs <roster>`: which of my units should
 * charge which of theirs — every pair's whole-combat odds (core/matchups), as JSON (the issue's
 * fixed shape, `plainMatchups`: both ways for a fight) or, with --markdown, as the screen's table. 40k 10th edition
 * compares one attack: fighting (the default) or shooting.
 */
export async function matchupsCommand(args: string[], io: CliIo, registry: Registry): Promise<number> {
  const fail = (why: string) => {
    io.err(`combat-companion matchups: ${why}\n${usage}`);
    return EXIT_USAGE;
  };
  const request = readArgs(args);
  if (typeof request === 'string') return fail(request);
  let json: unknown;
  try {
    json = await readJson(request.file, io.stdin);
  } catch (error) {
    if (error instanceof InputFileError) return fail(error.message);
    throw error;
  }
  const file = parseRosterFile(json, registry);
  if (!file.ok) return fail(`the roster file is not valid:\n${file.problems.map((p) => `  ${p.message}`).join('\n')}`);
  const mine = rosterNamed(file.value.rosters, request.mine);
  const theirs = rosterNamed(file.value.rosters, request.theirs);
  if (typeof mine === 'string') return fail(`--mine: ${mine}`);
  if (typeof theirs === 'string') return fail(`--theirs: ${theirs}`);
  if (mine.system !== theirs.system)
    return fail(`"${mine.name}" and "${theirs.name}" are rosters of different games: compare rosters of one game.`);
  const definition = registry.definitionOf(mine.system)!;
  if (request.mode && !hasModes(definition))
    return fail(
      `--${request.mode} is for games whose units shoot or fight (40k 10th edition), not ${definition.name}.`,
    );
  const mode = hasModes(definition) ? (request.mode ?? 'fighting') : undefined;
  io.out(
    request.markdown
      ? matchupMarkdown(matchupTable(definition, mine, theirs, mode))
      : `${JSON.stringify(plainMatchups(definition, mine, theirs, mode), null, 2)}\n`,
  );
  return EXIT_OK;
}
