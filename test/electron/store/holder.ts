// Child process of the two-process test: opens the store in the folder it is given, saves a roster
// named after its tag, says how the store opened, and keeps it open until told to close.
import { registry } from '../../../core/systems';
import { createInterface } from 'node:readline';
import { openDesktopStore } from '../../../electron/main/store/open';

const [dir, tag] = process.argv.slice(2) as [string, string];
let n = 0;
const store = await openDesktopStore({
  registry,
  dir,
  clock: () => new Date().toISOString(),
  newId: () => `${tag}-${++n}`,
});
const status = store.status();
await store.repo.saveRoster({ name: tag, system: 'wh40k-10e', pointsLimit: null, notes: '' });
process.stdout.write(`opened ${JSON.stringify(status)}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'close') break;
}
await store.close();
process.stdout.write('closed\n');
