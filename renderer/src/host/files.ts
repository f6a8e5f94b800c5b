import type { Client } from '../../../core/api/client';
import type { fileKinds } from '../../../core/api/channels/files';

type Kind = (typeof fileKinds)[number];
const mimeTypes: Record<Kind, string> = { roster: 'application/json', json: 'application/json', markdown: 'text/markdown', pdf: 'application/pdf' };
const accept: Record<Kind, string> = { roster: '.json,application/json', json: '.json,application/json', markdown: '.md,text/markdown', pdf: '.pdf' };

/**
 * Saving and opening files, the way the host allows: native dialogs in the desktop app (through
 * the contract), the browser's download and file picker otherwise. Screens call these two and
 * never ask which host they run in.
 */
export async function saveTextFile(client: Client, suggestedName: string, kind: Kind, content: string): Promise<{ saved: boolean; where?: string }> {
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

export async function openTextFile(client: Client, kind: Kind): Promise<{ name: string; content: string } | null> {
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
      if (file.size > 50_000_000) return reject(new Error(`${file.name} is larger than 50 MB: it is not a roster file.`));
      file.text().then((content) => resolve({ name: file.name, content }), reject);
    });
    input.click();
  });
}
