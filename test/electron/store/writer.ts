// Child process of the SIGKILL test: loads the store, reports what it holds, then writes in a
// loop, printing each write once it is acknowledged, until it is killed.
import { registry } from '../../../core/systems';
import { openDurableStore } from '../../../electron/main/store';
import { validProfiles } from '../../core/store/fixtures';

const [dir, tag, lockStaleMs] = process.argv.slice(2) as [string, string, string | undefined];
// Small limits, so kills land during compactions too. The frozen-owner test passes a short lock staleness.
const store = await openDurableStore({
  registry,
  dir,
  compactAfterRecords: 20,
  compactAfterBytes: 64 * 1024,
  ...(lockStaleMs ? { lockStaleMs: Number(lockStaleMs) } : {}),
});
const say = (line: string) => process.stdout.write(`${line}\n`);

const BUILDING = 'template (building)';
const rosters = await store.repo.listRosters();
const units = (await store.db.units.toCollection().primaryKeys()) as string[];
// "work" collects single units and the template is still being built: only whole copies are checked.
const checked = rosters.filter((r) => r.name !== 'work' && r.name !== BUILDING);
say(
  `loaded ${JSON.stringify({ state: store.status().state, units, rosters: Object.fromEntries(checked.map((r) => [r.id, r.unitCount])) })}`,
);

// The template is built under another name and renamed once it has its 3 units, so a run killed
// while building it leaves no "template" with fewer units for later runs to copy.
let template = rosters.find((r) => r.name === 'template')?.id;
if (!template) {
  const building = rosters.find((r) => r.name === BUILDING);
  const id =
    building?.id ??
    (await store.repo.saveRoster({ name: BUILDING, system: 'wh40k-10e', pointsLimit: null, notes: '' })).id;
  for (let i = building?.unitCount ?? 0; i < 3; i++)
    await store.repo.saveUnit(id, { name: `t${i}`, profile: validProfiles['wh40k-10e'] });
  template = (await store.repo.saveRoster({ id, name: 'template', system: 'wh40k-10e', pointsLimit: null, notes: '' }))
    .id;
}
// New units go to "work", so every copy of "template" has exactly its 3 units.
const work =
  rosters.find((r) => r.name === 'work')?.id ??
  (await store.repo.saveRoster({ name: 'work', system: 'wh40k-10e', pointsLimit: null, notes: '' })).id;
const mine: string[] = [];
for (let i = 0; ; i++) {
  if (i % 7 === 6) {
    const copy = await store.repo.duplicateRoster(template, `${tag}-${i}`);
    say(`ack roster ${copy.id}`);
  } else if (i % 5 === 4 && mine.length > 0) {
    const id = mine.shift()!;
    say(`begin del ${id}`);
    await store.repo.deleteUnit(id);
    say(`ack del ${id}`);
  } else {
    const unit = await store.repo.saveUnit(work, {
      name: `${tag}-${i}`,
      points: i,
      profile: validProfiles['wh40k-10e'],
    });
    mine.push(unit.id);
    say(`ack unit ${unit.id}`);
  }
}
