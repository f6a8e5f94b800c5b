/** What a command reads and writes (standard output, standard error, standard input), so tests can run it in process. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The whole of standard input, for "-" as a file name. */
  stdin: () => Promise<string>;
}

/** Exit codes: 0 done, 2 the command line or its input is wrong, 3 a valid scenario too large to analyse exactly. */
export const EXIT_OK = 0;
export const EXIT_USAGE = 2;
export const EXIT_TOO_LARGE = 3;
