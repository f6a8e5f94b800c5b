import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { journalPattern, snapshotPattern } from './format';

/** The generations of the files of one kind (snapshots or journals) among `names`, oldest first. */
export function generationsOf(names: readonly string[], pattern: RegExp): number[] {
  return names
    .map((name) => pattern.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/** Renames a damaged file with a timestamp suffix; it is never deleted. */
export async function putAside(dir: string, file: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let target = `${file}.damaged-${stamp}`;
  for (let n = 2; await exists(join(dir, target)); n++) target = `${file}.damaged-${stamp}-${n}`;
  await rename(join(dir, file), join(dir, target));
  await fsyncDir(dir);
  return target;
}

/** Keeps the two newest snapshots and the journals from the older of them on. */
export async function pruneOldFiles(dir: string): Promise<void> {
  const names = await readdir(dir);
  const snapshots = generationsOf(names, snapshotPattern).reverse();
  const keepFrom = snapshots[1] ?? snapshots[0];
  if (keepFrom === undefined) return;
  for (const name of names) {
    const s = snapshotPattern.exec(name) ?? journalPattern.exec(name);
    if (s && Number(s[1]) < keepFrom) await rm(join(dir, name), { force: true });
  }
  // Leftover temp files of an interrupted write-file-atomic (snapshot-….ccstore.<hash>).
  for (const name of names) if (/^snapshot-\d{8}\.ccstore\.\d+$/.test(name)) await rm(join(dir, name), { force: true });
}

/** Makes a create, rename or delete in the folder itself durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
