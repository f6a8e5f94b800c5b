import { readFile } from 'node:fs/promises';

export class InputFileError extends Error {}

/** Reads and parses JSON from a file path, or from standard input when the path is "-". */
export async function readJson(path: string | undefined, stdin: () => Promise<string>): Promise<unknown> {
  if (!path) throw new InputFileError('Give a scenario file, or - to read it from standard input.');
  let text: string;
  try {
    text = path === '-' ? await stdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new InputFileError(`Cannot read ${path === '-' ? 'standard input' : path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputFileError(
      `${path === '-' ? 'Standard input' : path} is not valid JSON: ${(error as Error).message}`,
    );
  }
}
