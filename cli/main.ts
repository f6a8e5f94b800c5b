import { APP_NAME } from '../core/api/identity';
import { registry as appRegistry, type Registry } from '../core/systems';
import { analyzeCommand } from './commands/analyze';
import { matchupsCommand } from './commands/matchups';
import { resolveCommand } from './commands/resolve';
import { rosterCommand } from './commands/roster';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { packageVersion } from './version';

export { EXIT_OK, EXIT_TOO_LARGE, EXIT_USAGE, type CliIo } from './io';

interface Command {
  usage: string;
  summary: string;
  run: (args: string[], io: CliIo, registry: Registry) => Promise<number> | number;
}

const commands: Record<string, Command> = {
  analyze: {
    usage: 'analyze <file|->',
    summary:
      "Exact odds of a scenario (models destroyed; in a ranks game, the round's result, break and pursuit), as JSON.",
    run: analyzeCommand,
  },
  matchups: {
    usage: 'matchups <file> --mine <roster> --theirs <roster> [--markdown] [--fighting|--shooting]',
    summary:
      "Which of my units should charge which of theirs: each pair's odds of the whole combat, as JSON or a Markdown table.",
    run: matchupsCommand,
  },
  resolve: {
    usage: 'resolve <file|->',
    summary: 'Resolve a scenario with its "seed" or its "dice"; prints the log and the final state as JSON.',
    run: resolveCommand,
  },
  roster: {
    usage: 'roster import <file>',
    summary:
      'Convert a BattleScribe or New Recruit roster (.ros, .rosz) to a .ccroster.json document, printed as JSON.',
    run: rosterCommand,
  },
  help: {
    usage: 'help',
    summary: 'Show this help.',
    run: (_args, io) => {
      io.out(helpText());
      return EXIT_OK;
    },
  },
};

export function helpText(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length), '--version'.length) + 2;
  const lines = [
    `combat-companion — ${APP_NAME} on the command line`,
    '',
    'Usage: combat-companion <command> [arguments]',
    'A scenario file is JSON: see the README and examples/.',
    '',
    'Commands:',
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}${c.summary}`),
    '',
    'Options:',
    `  ${'--version'.padEnd(width)}Print the version.`,
    `  ${'--help'.padEnd(width)}Show this help.`,
    '',
  ];
  return lines.join('\n');
}

/** Runs one command on the rule systems of `registry` (the app's; a test may give one with a system of its own). */
export async function runCli(argv: string[], io: CliIo, registry: Registry = appRegistry): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.out(`${packageVersion()}\n`);
    return EXIT_OK;
  }
  if (first === undefined || first === '--help' || first === '-h') {
    io.out(helpText());
    return first === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = commands[first];
  if (!command || !Object.hasOwn(commands, first)) {
    io.err(`combat-companion: unknown command "${first}". Run "combat-companion help" for the list.\n`);
    return EXIT_USAGE;
  }
  return command.run(rest, io, registry);
}
