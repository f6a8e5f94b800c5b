// Child process of the simultaneous-start test. It loads the store's code, says so, and then on
// each "go <run>" opens the store in the folder it is given as the app does when it starts, saves
// a roster named after its tag and the run, and says how the store opened; on "close <run>" it
// closes it again. Many of these told "go" together start at the same moment.
import { registry } from '../../../core/systems';
import { createInterface } from 'node:readline';
import { openDesktopStore, type DesktopStore } from '../../../electron/main/store/open';

const [dir, tag] = process.argv.slice(2) as [string, string];
const say = (line: string) => process.stdout.write(`${line}\n`);
let store: DesktopStore | undefined;
let n = 0;
say('loaded');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, run] = line.split(' ');
  if (command === 'go') {
    store = await openDesktopStore({
      registry,
      dir,
      clock: () => new Date().toISOString(),
      newId: () => `${tag}-${++n}`,
    });
    const { state } = store.status();
    await store.repo.saveRoster({ name: `${tag} run ${run}`, system: 'wh40k-10e', pointsLimit: null, notes: '' });
    say(`opened ${run} ${state}`);
  } else if (command === 'close') {
    await store?.close();
    store = undefined;
    say(`closed ${run}`);
  }
}
