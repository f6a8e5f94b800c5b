import { Alert, Button, Code, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSystemNames } from '../api/systems';
import { ModalTitle, plural } from './common';
import type { ImportState } from './useRosterImport';

type Problems = Extract<ImportState, { kind: 'problems' }>;
type Conflict = Extract<ImportState, { kind: 'conflict' }>;

/** A dialog that only tells what became of the file: its words, then OK (focused, so Enter closes it). */
function NoticeModal({
  title,
  size,
  gap,
  testId,
  onClose,
  children,
}: {
  title: string;
  size: 'lg' | 'xl';
  gap: 'md' | 'lg';
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={<ModalTitle>{title}</ModalTitle>} size={size} centered>
      <Stack gap={gap} data-testid={testId}>
        {children}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A file that is not a roster file (or too large to send), said in words: nothing was imported. */
export function UnreadableModal({ name, reason, onClose }: { name: string; reason: string; onClose: () => void }) {
  return (
    <NoticeModal title="This file cannot be imported" size="lg" gap="lg" testId="import-unreadable" onClose={onClose}>
      <Text size="lg">
        <b>{name}</b>: {reason}
      </Text>
      <Text size="lg">Nothing was imported.</Text>
    </NoticeModal>
  );
}

/** Every problem the host found, with its path: nothing was imported. */
export function ProblemsModal({ state, onClose }: { state: Problems; onClose: () => void }) {
  const all = state.problems.length + state.more;
  return (
    <NoticeModal title="Nothing was imported" size="xl" gap="md" testId="import-problems" onClose={onClose}>
      <Text size="lg">
        <b>{state.name}</b> has {plural(all, 'problem')}. Fix {all === 1 ? 'it' : 'them'} in the file and import it
        again
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
    </NoticeModal>
  );
}

/** Rosters of the file already here: replace them, or keep both. */
export function ConflictModal({
  rosters,
  onClose,
  onChoose,
}: {
  rosters: Conflict['rosters'];
  onClose: () => void;
  onChoose: (onConflict: 'replace' | 'keep-both') => void;
}) {
  const systemName = useSystemNames();
  const existing = rosters.filter((r) => r.exists);
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <ModalTitle>
          {existing.length === 1 ? 'This roster is already here' : 'These rosters are already here'}
        </ModalTitle>
      }
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
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => onChoose('keep-both')} data-testid="import-keep-both">
            Keep both
          </Button>
          <Button color="orange" onClick={() => onChoose('replace')} data-testid="import-replace">
            Replace
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the import came to, above the list: the rosters imported, or why it did not work. */
export function ImportNotice({
  state,
  onClose,
}: {
  state: Extract<ImportState, { kind: 'done' | 'failed' }>;
  onClose: () => void;
}) {
  if (state.kind === 'done')
    return (
      <Alert
        color="green"
        title={<Text fw={700} size="lg">{`Imported ${plural(state.rosters.length, 'roster')}`}</Text>}
        withCloseButton
        onClose={onClose}
        data-testid="import-done"
      >
        <Text size="lg">
          {state.rosters.map((r) => `${r.name} (${plural(r.unitCount, 'unit')})`).join(', ') ||
            'The file held no rosters.'}
        </Text>
      </Alert>
    );
  return (
    <Alert
      color="red"
      title={
        <Text fw={700} size="lg">
          The import did not work
        </Text>
      }
      withCloseButton
      onClose={onClose}
    >
      <Text size="lg">{state.message}</Text>
    </Alert>
  );
}
