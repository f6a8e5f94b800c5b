import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../core/api/contract';
import { payloadProblem, ROSTER_FILE_CAPS } from '../../../core/api/payloadBounds';
import { useClient } from '../api/ClientContext';
import { problemsOf } from '../forms/problems';
import { bytesToBase64, isRosterEditorFile, openFile, readFile, type OpenedFile } from '../host/files';
import { keys } from './common';
import { ConflictModal, ImportNotice, ProblemsModal, UnreadableModal } from './ImportDialogs';
import { ImportPreviewModal } from './ImportPreview';

type Checked = ResponseOf<'roster.checkImport'>['rosters'];
type Imported = ResponseOf<'roster.import'>['rosters'];
type Previewed = ResponseOf<'roster.previewImport'>;

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'unreadable'; name: string; reason: string }
  /** `more`: problems beyond those listed (the host sends a screenful at most). */
  | { kind: 'problems'; name: string; problems: { field: string; message: string }[]; more: number }
  | { kind: 'preview'; name: string; previewed: Previewed }
  | { kind: 'conflict'; name: string; file: Record<string, unknown>; rosters: Checked }
  | { kind: 'done'; rosters: Imported }
  | { kind: 'failed'; message: string };

type OnConflict = 'ask' | 'replace' | 'keep-both';

/**
 * "Import…" (or a file dropped on the page): a .ccroster.json, or a BattleScribe / New Recruit
 * roster (.ros, .rosz) that the host converts and the player previews first. Then the same for
 * both: check ALL of it (every problem with its path, and nothing imported when there is one), ask
 * what to do when a roster is already here, then import.
 */
export function useRosterImport(): {
  begin: () => void;
  importDropped: (file: File) => void;
  dismiss: () => void;
  busy: boolean;
  modal: ReactNode;
  notice: ReactNode;
} {
  const client = useClient();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const close = () => setState({ kind: 'idle' });
  const { importFile, preview, checkThenImport } = useImportRequests(setState);

  async function handle(opened: OpenedFile) {
    if (opened.encoding === 'base64' || isRosterEditorFile(opened.name)) return preview(opened);
    const read = rosterFileOf(opened.content);
    if ('reason' in read) return setState({ kind: 'unreadable', name: opened.name, reason: read.reason });
    await checkThenImport(read.file, opened.name);
  }
  /** The file as the host's dialog or the browser gives it, or why it could not be read. */
  const opening = (open: () => Promise<OpenedFile | null>) => async () => {
    let opened: OpenedFile | null;
    try {
      opened = await open();
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
      return;
    }
    if (opened) await handle(opened);
  };

  return {
    begin: () => void opening(() => openFile(client, 'roster'))(),
    importDropped: (file) => void opening(() => readFile(file))(),
    dismiss: close,
    busy: state.kind === 'busy',
    modal: <ImportModal state={state} onClose={close} importFile={importFile} checkThenImport={checkThenImport} />,
    notice: state.kind === 'done' || state.kind === 'failed' ? <ImportNotice state={state} onClose={close} /> : null,
  };
}

/** The dialog the import is at, if any: the preview of a roster editor's file, why it cannot be read, its problems, a conflict. */
function ImportModal({
  state,
  onClose,
  importFile,
  checkThenImport,
}: {
  state: ImportState;
  onClose: () => void;
  importFile: (file: Record<string, unknown>, onConflict: OnConflict, name: string) => Promise<void>;
  checkThenImport: (file: Record<string, unknown>, name: string) => Promise<void>;
}) {
  if (state.kind === 'preview') {
    const { previewed, name } = state;
    return (
      <ImportPreviewModal
        preview={previewed.preview}
        onCancel={onClose}
        onImport={() => void checkThenImport(previewed.file as Record<string, unknown>, name)}
      />
    );
  }
  if (state.kind === 'unreadable') return <UnreadableModal name={state.name} reason={state.reason} onClose={onClose} />;
  if (state.kind === 'problems') return <ProblemsModal state={state} onClose={onClose} />;
  if (state.kind === 'conflict')
    return (
      <ConflictModal
        rosters={state.rosters}
        onClose={onClose}
        onChoose={(onConflict) => void importFile(state.file, onConflict, state.name)}
      />
    );
  return null;
}

/** A .ccroster.json's text as the object the host checks, or why it is not one, in words. */
function rosterFileOf(content: string): { file: Record<string, unknown> } | { reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    return {
      reason: `It is not JSON text (${(error as Error).message}). A roster file is the .ccroster.json that "Export" writes.`,
    };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return {
      reason: 'It is JSON, but not a roster file: a roster file is one object with "format", "version" and "rosters".',
    };
  // Measured here, without recursion: a file nested thousands deep cannot even be sent to the host.
  const oversized = payloadProblem(data, ROSTER_FILE_CAPS, 'it');
  if (oversized) return { reason: `${oversized.charAt(0).toUpperCase()}${oversized.slice(1)}.` };
  return { file: data as Record<string, unknown> };
}

/** What the import asks the host: preview a roster editor's file, check a roster file, import it. */
function useImportRequests(setState: (state: ImportState) => void) {
  const client = useClient();
  const queries = useQueryClient();

  async function importFile(file: Record<string, unknown>, onConflict: OnConflict, name: string) {
    setState({ kind: 'busy' });
    const reply = await client.rosterImport({ file, onConflict });
    if (!reply.ok) {
      const problems = problemsOf(reply.error);
      setState(
        reply.error.code === 'invalid_input'
          ? { kind: 'problems', name, problems, more: reply.error.moreProblems ?? 0 }
          : { kind: 'failed', message: reply.error.message },
      );
      return;
    }
    await queries.invalidateQueries({ queryKey: keys.rosterList });
    await queries.invalidateQueries({ queryKey: ['roster.get'] });
    setState({ kind: 'done', rosters: reply.value.rosters });
  }

  /** A roster editor's file: the host converts it and the player sees what it found before anything is written. */
  async function preview({ name, content, encoding }: OpenedFile) {
    setState({ kind: 'busy' });
    const base64 = encoding === 'base64' ? content : bytesToBase64(new TextEncoder().encode(content));
    const reply = await client.rosterPreviewImport({ fileName: name, content: base64 });
    if (!reply.ok) {
      // The host's message names the file, or the request field it refused ("content: the file is too large…").
      const reason = reply.error.message.replace(`${name} cannot be imported: `, '').replace(/^content: /, '');
      const why = reason.charAt(0).toUpperCase() + reason.slice(1);
      setState(
        reply.error.code === 'invalid_input'
          ? { kind: 'unreadable', name, reason: why }
          : { kind: 'failed', message: reply.error.message },
      );
      return;
    }
    setState({ kind: 'preview', name, previewed: reply.value });
  }

  async function checkThenImport(file: Record<string, unknown>, name: string) {
    setState({ kind: 'busy' });
    const check = await client.rosterCheckImport({ file });
    if (!check.ok) return setState({ kind: 'failed', message: check.error.message });
    if (check.value.problems.length > 0)
      return setState({ kind: 'problems', name, problems: check.value.problems, more: check.value.moreProblems });
    if (check.value.rosters.some((r) => r.exists))
      return setState({ kind: 'conflict', name, file, rosters: check.value.rosters });
    await importFile(file, 'ask', name);
  }

  return { importFile, preview, checkThenImport };
}
