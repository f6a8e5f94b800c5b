import type { Client } from '../../../core/api/client';
import type { Paper } from './paper';

/** What happened when the page asked to be printed or saved. */
export type PrintResult = { done: 'printed' | 'saved' | 'cancelled'; where?: string } | { done: 'browser' };

/**
 * Printing the way the host allows: the desktop host prints this page itself (the system dialog,
 * or a PDF through a save dialog); the browser host says `unsupported` and the browser's own print
 * dialog opens instead, where "Save as PDF" is one of the destinations.
 */
export async function printThisPage(client: Client, paper: Paper): Promise<PrintResult> {
  const reply = await client.printPrint({ paper });
  if (reply.ok) return { done: reply.value.printed ? 'printed' : 'cancelled' };
  if (reply.error.code !== 'unsupported') throw new Error(reply.error.message);
  window.print();
  return { done: 'browser' };
}

export async function saveThisPageAsPdf(client: Client, paper: Paper, suggestedName: string): Promise<PrintResult> {
  const reply = await client.printSavePdf({ paper, suggestedName });
  if (reply.ok)
    return reply.value.saved
      ? { done: 'saved', ...(reply.value.path ? { where: reply.value.path } : {}) }
      : { done: 'cancelled' };
  if (reply.error.code !== 'unsupported') throw new Error(reply.error.message);
  window.print();
  return { done: 'browser' };
}
