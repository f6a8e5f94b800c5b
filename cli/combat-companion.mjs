#!/usr/bin/env node
// The `combat-companion` command. It runs the TypeScript sources directly through tsx, so the
// command always matches the code in this checkout.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./main.ts');
const stdin = async () => {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
};
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin,
});
