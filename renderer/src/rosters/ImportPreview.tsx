import { Alert, Badge, Button, Card, Group, List, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconNotes } from '@tabler/icons-react';
import type { ResponseOf } from '../../../core/api/contract';
import { ModalTitle, plural } from './common';
import { useSystemNames } from '../api/systems';

type Preview = ResponseOf<'roster.previewImport'>['preview'];
type UnitPreview = Preview['units'][number];

/**
 * What a BattleScribe / New Recruit roster holds, as the host converted it: every unit with its
 * models, characteristics and weapons, what went into its notes and what the player should check.
 * Nothing is written until the player presses Import.
 */
export function ImportPreviewModal({
  preview,
  onImport,
  onCancel,
}: {
  preview: Preview;
  onImport: () => void;
  onCancel: () => void;
}) {
  const systemName = useSystemNames();
  const points =
    preview.points === null
      ? ''
      : `, ${preview.points.toLocaleString()}${preview.pointsLimit === null ? '' : ` of ${preview.pointsLimit.toLocaleString()}`} pts`;
  return (
    <Modal opened onClose={onCancel} title={<ModalTitle>Import “{preview.rosterName}”?</ModalTitle>} size="xl" centered>
      <Stack gap="md" data-testid="import-preview">
        {/* "A roster for …": no article lands right before a system's name ("A The Ninth Age roster"). */}
        <Text size="lg">
          A roster for {systemName(preview.system)} from <b>{preview.fileName}</b>:{' '}
          {plural(preview.units.length, 'unit')}
          {points}. Nothing is saved until you press <b>Import roster</b>.
        </Text>
        {/* Only the list scrolls: the summary above and the buttons below stay in view. */}
        <ScrollArea.Autosize mah="max(220px, calc(100dvh - 380px))" type="auto" offsetScrollbars>
          <Stack gap="md">
            <PreviewWarnings preview={preview} />
            <Stack gap="sm">
              {preview.units.map((unit, i) => (
                <UnitCard key={i} unit={unit} />
              ))}
            </Stack>
            {preview.rosterNotes.length > 0 && (
              <Text c="gray.7">Also kept in the roster’s notes: {preview.rosterNotes.join('; ')}.</Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onImport} data-autofocus data-testid="import-confirm">
            Import roster
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the player should know before importing: the roster is already here, values to check, units left out. */
function PreviewWarnings({ preview }: { preview: Preview }) {
  const toCheck = preview.units.reduce((n, u) => n + u.confirm.length, 0);
  return (
    <>
      {preview.exists && (
        <Alert
          color="yellow"
          title={<Text fw={700}>You already have this roster</Text>}
          data-testid="import-preview-exists"
        >
          <Text>Importing it asks whether to replace the one here or keep both.</Text>
        </Alert>
      )}
      {toCheck > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle />}
          title={<Text fw={700}>{plural(toCheck, 'value')} to check</Text>}
        >
          <Text>
            They were read from ability or rule text, not from a characteristic: each is marked below and written in the
            unit’s notes.
          </Text>
        </Alert>
      )}
      {preview.skipped.length > 0 && (
        <Alert
          color="red"
          title={<Text fw={700}>{plural(preview.skipped.length, 'unit')} left out</Text>}
          data-testid="import-preview-skipped"
        >
          <List>
            {preview.skipped.map((s, i) => (
              <List.Item key={i}>
                <b>{s.name}</b>: {s.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}

function UnitCard({ unit }: { unit: UnitPreview }) {
  return (
    <Card withBorder padding="md" data-testid="import-preview-unit">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4">
            {unit.name}
          </Title>
          <Group gap="xs" wrap="nowrap">
            {unit.confirm.length > 0 && (
              <Badge size="lg" tt="none" color="yellow" variant="light">
                {unit.confirm.length} to check
              </Badge>
            )}
            {unit.points !== null && (
              <Badge size="lg" tt="none" variant="light">
                {unit.points} pts
              </Badge>
            )}
          </Group>
        </Group>
        <Text c="gray.8">{unit.models}</Text>
        {unit.stats.map((line, i) => (
          <Text key={i} fw={500}>
            {line}
          </Text>
        ))}
        {unit.weapons.length > 0 && (
          <List size="md" spacing={2}>
            {unit.weapons.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List>
        )}
        {unit.abilities.length > 0 && <Text c="gray.8">Abilities: {unit.abilities.join(', ')}</Text>}
        {unit.confirm.map((line, i) => (
          <Group key={`c${i}`} gap={6} wrap="nowrap" align="flex-start" data-testid="import-preview-check">
            <IconAlertTriangle
              size={20}
              color="var(--mantine-color-orange-8)"
              style={{ flexShrink: 0, marginTop: 3 }}
            />
            <Text>
              <b>Check:</b> {line}
            </Text>
          </Group>
        ))}
        {unit.notes.map((line, i) => (
          <Group key={`n${i}`} gap={6} wrap="nowrap" align="flex-start" c="gray.7">
            <IconNotes size={20} style={{ flexShrink: 0, marginTop: 3 }} />
            <Text>{line}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
