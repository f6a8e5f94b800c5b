import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { ResponseOf } from '../../../core/api/contract';
import type { JsonSchema } from '../../../core/api/viewForms';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { keys } from './common';
import { keyStats } from './keyStats';

export type Loaded = ResponseOf<'roster.get'>;
export type UnitRow = Loaded['units'][number];

/** A roster's units, each with its key numbers and points, to edit or delete; "Add a unit". */
export function UnitList({ data, onDelete }: { data: Loaded; onDelete: (unit: UnitRow) => void }) {
  const { roster, units } = data;
  const client = useClient();
  // The profile's labels and layout order, as the host titled them, for each unit's line of key numbers.
  const profileForm = useHostQuery(keys.profileForm(roster.system), () =>
    client.rosterProfileForm({ system: roster.system }),
  );
  const schema = profileForm.data ? (profileForm.data.schema as JsonSchema) : null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2}>Units</Title>
          <Button
            leftSection={<IconPlus />}
            component={Link}
            to={`/rosters/${roster.id}/units/new`}
            data-testid="add-unit"
          >
            Add a unit
          </Button>
        </Group>
        {units.length === 0 ? (
          <Text
            size="lg"
            c="gray.7"
            p="md"
            bd="1px dashed var(--mantine-color-gray-5)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            No units yet. Press <b>Add a unit</b> and copy its profile from the datasheet.
          </Text>
        ) : (
          <Stack gap="sm" data-testid="unit-list">
            {units.map((unit) => (
              <UnitCard
                key={unit.id}
                rosterId={roster.id}
                unit={unit}
                schema={schema}
                onDelete={() => onDelete(unit)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** One unit: its name (to edit it), its key numbers, its points, Edit and Delete. */
function UnitCard({
  rosterId,
  unit,
  schema,
  onDelete,
}: {
  rosterId: string;
  unit: UnitRow;
  schema: JsonSchema | null;
  onDelete: () => void;
}) {
  const to = `/rosters/${rosterId}/units/${unit.id}`;
  return (
    <Card withBorder padding="md" bg="gray.0" data-testid="unit-row">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={to} fz="xl" fw={700} c="dark" data-testid="unit-name">
            {unit.name}
          </Anchor>
          <Text size="lg" c="gray.8" data-testid="unit-stats">
            {(schema ? keyStats(schema, unit.profile) : []).map((s, i) => (
              <Fragment key={i}>
                {i > 0 ? ' · ' : ''}
                <span style={{ whiteSpace: 'nowrap' }}>{s}</span>
              </Fragment>
            ))}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text size="lg" fw={600} w={90} ta="right">
            {unit.points === null ? '—' : `${unit.points} pts`}
          </Text>
          <Button
            variant="default"
            size="md"
            leftSection={<IconEdit />}
            component={Link}
            to={to}
            aria-label={`Edit ${unit.name}`}
          >
            Edit
          </Button>
          <ActionIcon
            size={44}
            variant="subtle"
            color="red"
            aria-label={`Delete ${unit.name}`}
            title={`Delete ${unit.name}`}
            onClick={onDelete}
          >
            <IconTrash />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}
