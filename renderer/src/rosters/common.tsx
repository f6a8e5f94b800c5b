import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useSystemOptions } from '../api/systems';
import type { SystemId } from '../../../core/api/view';

/** Query keys of the roster and history reads, so writes can refresh exactly what they changed. */
export const keys = {
  rosterList: ['roster.list'] as const,
  roster: (id: string) => ['roster.get', id] as const,
  profileForm: (system: string) => ['roster.profileForm', system] as const,
  history: ['combat.history'] as const,
};

export interface RosterDraft {
  name: string;
  system: string | null;
  pointsLimit: number | string | null;
  notes: string;
}

export const emptyDraft: RosterDraft = { name: '', system: null, pointsLimit: null, notes: '' };

/** A roster's own fields, each with the host's problem beside it. */
export function RosterFields({
  draft,
  onChange,
  errors,
  systemLocked,
  autoFocus,
}: {
  draft: RosterDraft;
  onChange: (draft: RosterDraft) => void;
  errors: Record<string, string>;
  systemLocked?: string | undefined;
  autoFocus?: boolean;
}) {
  const systemOptions = useSystemOptions();
  const set = (patch: Partial<RosterDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          size="lg"
          label="Name"
          placeholder="e.g. Strike Force Alpha"
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors['name']}
          data-autofocus={autoFocus || undefined}
          data-testid="roster-name"
        />
        <Select
          size="lg"
          label="Game"
          placeholder="Choose the rule system"
          data={systemOptions}
          value={draft.system}
          onChange={(system) => set({ system })}
          error={errors['system'] && (draft.system ? errors['system'] : 'Choose the game this roster is for')}
          disabled={!!systemLocked}
          description={systemLocked}
          allowDeselect={false}
          data-testid="roster-system"
        />
      </SimpleGrid>
      <NumberInput
        size="lg"
        label="Points limit"
        placeholder="none"
        description="Leave empty if the game has no points limit."
        min={0}
        max={100000}
        clampBehavior="none"
        allowDecimal={false}
        thousandSeparator=","
        value={draft.pointsLimit ?? ''}
        onChange={(v) => set({ pointsLimit: v === '' ? null : v })}
        error={errors['pointsLimit']}
        w={{ base: '100%', sm: 260 }}
        data-testid="roster-points"
      />
      <Textarea
        size="lg"
        label="Notes"
        autosize
        minRows={2}
        maxRows={8}
        value={draft.notes}
        onChange={(e) => set({ notes: e.currentTarget.value })}
        error={errors['notes']}
        data-testid="roster-notes"
      />
    </Stack>
  );
}

/** The request for roster.save from a draft (the host checks every field). */
export function rosterRequest(draft: RosterDraft) {
  return {
    name: draft.name,
    system: (draft.system ?? '') as SystemId,
    pointsLimit: draft.pointsLimit === null || draft.pointsLimit === '' ? null : Number(draft.pointsLimit),
    notes: draft.notes,
  };
}

/** A dialog's title as every roster dialog shows it: large and bold. */
export function ModalTitle({ children }: { children: ReactNode }) {
  return (
    <Text fw={700} size="xl">
      {children}
    </Text>
  );
}

/** "Are you sure?" with the consequence in words and a big, clearly named button. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<ModalTitle>{title}</ModalTitle>} size="lg" centered>
      <Stack gap="lg">
        <Text size="lg">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-testid="confirm">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A page opened from a long one (the unit editor, say) starts at its top. */
export function useScrollToTop(key: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}
