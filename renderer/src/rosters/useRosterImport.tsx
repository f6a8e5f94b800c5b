import { Alert, Button, Code, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../core/api/contract';
import { useClient } from '../api/ClientContext';
import { bytesToBase64, isRosterEditorFile, openFile, readFile, type OpenedFile } from '../host/files';
import { keys, plural } from './common';
import { ImportPreviewModal } from './ImportPreview';
import { useSystemNames } from '../api/systems';
import { problemsOf } from '../forms/problems';
import { payloadProblem, ROSTER_FILE_CAPS } from '../../../core/api/payloadBounds';

type Checked = ResponseOf<'roster.checkImport'>['rosters'];
type Imported = ResponseOf<'roster.import'>['rosters'];
type Previewed = ResponseOf<'roster.previewImport'>;

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'unreadable'; name: string; reason: string }
  /** `more`: problems beyond those listed (the host sends a screenful at most). */
  | { kind: 'problems'; name: string; problems: { field: string; message: string }[]; more: number }
  | { kind: 'preview'; name: string; previewed: Previewed }
  | { kind: 'conflict'; name: string; file: Record<string, unknown>; rosters: Checked }
  | { kind: 'done'; rosters: Imported }
  | { kind: 'failed'; message: string };

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
  const systemName = useSystemNames();
  const client = useClient();
  const queries = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const close = () => setState({ kind: 'idle' });

  async function importFile(file: Record<string, unknown>, onConflict: 'ask' | 'replace' | 'keep-both', name: string) {
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

  async function begin() {
    let picked: OpenedFile | null;
    try {
      picked = await openFile(client, 'roster');
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
      return;
    }
    if (picked) await handle(picked);
  }

  async function importDropped(dropped: File) {
    let opened: OpenedFile;
    try {
      opened = await readFile(dropped);
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
      return;
    }
    await handle(opened);
  }

  async function handle(opened: OpenedFile) {
    if (opened.encoding === 'base64' || isRosterEditorFile(opened.name)) {
      await preview(opened);
      return;
    }
    const { name, content } = opened;
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch (error) {
      setState({
        kind: 'unreadable',
        name,
        reason: `It is not JSON text (${(error as Error).message}). A roster file is the .ccroster.json that "Export" writes.`,
      });
      return;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      setState({
        kind: 'unreadable',
        name,
        reason:
          'It is JSON, but not a roster file: a roster file is one object with "format", "version" and "rosters".',
      });
      return;
    }
    // Measured here, without recursion: a file nested thousands deep cannot even be sent to the host.
    const oversized = payloadProblem(data, ROSTER_FILE_CAPS, 'it');
    if (oversized) {
      setState({ kind: 'unreadable', name, reason: `${oversized.charAt(0).toUpperCase()}${oversized.slice(1)}.` });
      return;
    }
    await checkThenImport(data as Record<string, unknown>, name);
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
    if (!check.ok) {
      setState({ kind: 'failed', message: check.error.message });
      return;
    }
    if (check.value.problems.length > 0) {
      setState({ kind: 'problems', name, problems: check.value.problems, more: check.value.moreProblems });
      return;
    }
    if (check.value.rosters.some((r) => r.exists)) {
      setState({ kind: 'conflict', name, file, rosters: check.value.rosters });
      return;
    }
    await importFile(file, 'ask', name);
  }

  const title = (text: string) => (
    <Text fw={700} size="xl">
      {text}
    </Text>
  );

  let modal: ReactNode = null;
  if (state.kind === 'preview') {
    const { previewed, name } = state;
    modal = (
      <ImportPreviewModal
        preview={previewed.preview}
        onCancel={close}
        onImport={() => void checkThenImport(previewed.file as Record<string, unknown>, name)}
      />
    );
  } else if (state.kind === 'unreadable') {
    modal = (
      <Modal opened onClose={close} title={title('This file cannot be imported')} size="lg" centered>
        <Stack gap="lg" data-testid="import-unreadable">
          <Text size="lg">
            <b>{state.name}</b>: {state.reason}
          </Text>
          <Text size="lg">Nothing was imported.</Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  } else if (state.kind === 'problems') {
    modal = (
      <Modal opened onClose={close} title={title('Nothing was imported')} size="xl" centered>
        <Stack gap="md" data-testid="import-problems">
          <Text size="lg">
            <b>{state.name}</b> has {plural(state.problems.length + state.more, 'problem')}. Fix{' '}
            {state.problems.length + state.more === 1 ? 'it' : 'them'} in the file and import it again
            {state.more > 0 ? ` (the first ${state.problems.length} are listed)` : ''}:
          </Text>
          <ScrollArea.Autosize mah="55vh">
            <List size="lg" spacing="xs" data-testid="import-problem-list">
              {state.problems.map((p, i) => (
                <List.Item key={i}>
                  <Code fz="md">{p.message}</Code>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {state.more > 0 && (
            <Text size="lg" data-testid="import-more-problems">
              … and {plural(state.more, 'more problem')} after these.
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  } else if (state.kind === 'conflict') {
    const existing = state.rosters.filter((r) => r.exists);
    const { file, name } = state;
    modal = (
      <Modal
        opened
        onClose={close}
        title={title(existing.length === 1 ? 'This roster is already here' : 'These rosters are already here')}
        size="lg"
        centered
      >
        <Stack gap="md" data-testid="import-conflict">
          <List size="lg" spacing="xs">
            {existing.map((r) => (
              <List.Item key={r.id}>
                <b>{r.name}</b> — {systemName(r.system)}, {plural(r.unitCount, 'unit')} in the file
              </List.Item>
            ))}
          </List>
          <Text size="lg">
            <b>Replace</b> overwrites the roster here (and its units) with the one in the file. <b>Keep both</b> imports
            the file's roster as a new roster beside it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="light"
              onClick={() => void importFile(file, 'keep-both', name)}
              data-testid="import-keep-both"
            >
              Keep both
            </Button>
            <Button color="orange" onClick={() => void importFile(file, 'replace', name)} data-testid="import-replace">
              Replace
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  let notice: ReactNode = null;
  if (state.kind === 'done') {
    notice = (
      <Alert
        color="green"
        title={<Text fw={700} size="lg">{`Imported ${plural(state.rosters.length, 'roster')}`}</Text>}
        withCloseButton
        onClose={close}
        data-testid="import-done"
      >
        <Text size="lg">
          {state.rosters.map((r) => `${r.name} (${plural(r.unitCount, 'unit')})`).join(', ') ||
            'The file held no rosters.'}
        </Text>
      </Alert>
    );
  } else if (state.kind === 'failed') {
    notice = (
      <Alert
        color="red"
        title={
          <Text fw={700} size="lg">
            The import did not work
          </Text>
        }
        withCloseButton
        onClose={close}
      >
        <Text size="lg">{state.message}</Text>
      </Alert>
    );
  }

  return {
    begin: () => void begin(),
    importDropped: (file) => void importDropped(file),
    dismiss: close,
    busy: state.kind === 'busy',
    modal,
    notice,
  };
}
