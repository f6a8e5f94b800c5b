import type { Client } from '../../../core/api/client';
import type { fileKinds } from '../../../core/api/channels/files';

type Kind = (typeof fileKinds)[number];
const mimeTypes: Record<Kind, string> = {
  roster: 'application/json',
  json: 'application/json',
  markdown: 'text/markdown',
  pdf: 'application/pdf',
};
const accept: Record<Kind, string> = {
  roster: '.json,application/json,.ros,.rosz',
  json: '.json,application/json',
  markdown: '.md,text/markdown',
  pdf: '.pdf',
};

/** A file the player chose or dropped: text, or (a roster editor's .ros / .rosz) its bytes in base64. */
export type OpenedFile = { name: string; encoding: 'text' | 'base64'; content: string };

/** Larger files are refused before they are read: a roster file is kilobytes. */
const maxOpenBytes = 50_000_000;
/** What the host takes of a roster editor's file (roster.previewImport). */
const maxRosterEditorBytes = 10_000_000;
/** BattleScribe and New Recruit rosters: a .rosz is a ZIP, so both go to the host as bytes. */
export const isRosterEditorFile = (name: string) => /\.rosz?$/i.test(name);

/**
 * Saving and opening files, the way the host allows: native dialogs in the desktop app (through
 * the contract), the browser's download and file picker otherwise. Screens call these two and
 * never ask which host they run in.
 */
export async function saveTextFile(
  client: Client,
  suggestedName: string,
  kind: Kind,
  content: string,
): Promise<{ saved: boolean; where?: string }> {
  const reply = await client.fileSave({ suggestedName, kind, content });
  if (reply.ok) return { saved: reply.value.saved, ...(reply.value.path ? { where: reply.value.path } : {}) };
  if (reply.error.code !== 'unsupported') throw new Error(reply.error.message);
  const url = URL.createObjectURL(new Blob([content], { type: mimeTypes[kind] }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = suggestedName;
    link.click();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return { saved: true, where: 'your downloads' };
}

/** A File from the browser's picker or a drop, read as `OpenedFile`. */
export async function readFile(file: File): Promise<OpenedFile> {
  if (file.size > maxOpenBytes) throw new Error(`${file.name} is larger than 50 MB: it is not a roster file.`);
  if (!isRosterEditorFile(file.name)) return { name: file.name, encoding: 'text', content: await file.text() };
  if (file.size > maxRosterEditorBytes)
    throw new Error(`${file.name} is larger than 10 MB: a BattleScribe or New Recruit roster is far smaller.`);
  return { name: file.name, encoding: 'base64', content: bytesToBase64(new Uint8Array(await file.arrayBuffer())) };
}

/** Bytes as base64, a slice at a time (one call per byte would overflow the argument list). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function openFile(client: Client, kind: Kind): Promise<OpenedFile | null> {
  const reply = await client.fileOpen({ kind });
  if (reply.ok) return reply.value.file;
  if (reply.error.code !== 'unsupported') throw new Error(reply.error.message);
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept[kind];
    input.addEventListener('cancel', () => resolve(null));
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return resolve(null);
      readFile(file).then(resolve, reject);
    });
    input.click();
  });
}
