import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconDownload, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ResponseOf } from '../../../core/api/contract';
import { useClient } from '../api/ClientContext';
import { HostData } from '../api/HostData';
import { unwrap, useHostQuery } from '../api/hostQuery';
import { saveTextFile } from '../host/files';
import { ConfirmModal, keys, useScrollToTop, plural, RosterFields, rosterRequest, type RosterDraft } from './common';
import { keyStats } from './keyStats';
import type { JsonSchema } from '../../../core/api/viewForms';
import { useSystemNames } from '../api/systems';
import { errorsByField } from '../forms/problems';

type Loaded = ResponseOf<'roster.get'>;
type UnitRow = Loaded['units'][number];

/** /rosters/:id — a roster's fields and its units, with the roster's own actions. */
export function RosterPage() {
  const { id = '' } = useParams();
  const client = useClient();
  const roster = useHostQuery(keys.roster(id), () => client.rosterGet({ id }));
  useScrollToTop(id);
  return (
    <HostData query={roster} what="roster" back={{ to: '/rosters', label: 'Back to the rosters' }}>
      {(data) => <RosterEditor key={data.roster.id} data={data} />}
    </HostData>
  );
}

function RosterEditor({ data }: { data: Loaded }) {
  const systemName = useSystemNames();
  const { roster, units } = data;
  const client = useClient();
  // The profile's labels and layout order, as the host titled them, for each unit's line of key numbers.
  const profileForm = useHostQuery(keys.profileForm(roster.system), () =>
    client.rosterProfileForm({ system: roster.system }),
  );
  const navigate = useNavigate();
  const queries = useQueryClient();
  const initial: RosterDraft = {
    name: roster.name,
    system: roster.system,
    pointsLimit: roster.pointsLimit,
    notes: roster.notes,
  };
  const [draft, setDraft] = useState<RosterDraft>(initial);
  // A newer stored version (saved here, or replaced by an import) starts the form afresh.
  const [seen, setSeen] = useState(roster.updatedAt);
  if (seen !== roster.updatedAt) {
    setSeen(roster.updatedAt);
    setDraft(initial);
  }
  const [confirm, setConfirm] = useState<{ kind: 'roster' } | { kind: 'unit'; unit: UnitRow } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  const refresh = async () => {
    await queries.invalidateQueries({ queryKey: keys.rosterList });
    await queries.invalidateQueries({ queryKey: keys.roster(roster.id) });
  };
  const save = useMutation({
    mutationFn: async () => unwrap(await client.rosterSave({ id: roster.id, ...rosterRequest(draft) })),
    onSuccess: async () => {
      setNotice('Saved.');
      await refresh();
    },
  });
  const deleteRoster = useMutation({
    mutationFn: async () => unwrap(await client.rosterDelete({ id: roster.id })),
    onSuccess: async () => {
      queries.removeQueries({ queryKey: keys.roster(roster.id) });
      await queries.invalidateQueries({ queryKey: keys.rosterList });
      navigate('/rosters');
    },
  });
  const deleteUnit = useMutation({
    mutationFn: async (unitId: string) => unwrap(await client.unitDelete({ id: unitId })),
    onSuccess: async () => {
      setConfirm(null);
      await refresh();
    },
  });
  const duplicate = useMutation({
    mutationFn: async () => unwrap(await client.rosterDuplicate({ id: roster.id })),
    onSuccess: async ({ roster: copy }) => {
      await queries.invalidateQueries({ queryKey: keys.rosterList });
      navigate(`/rosters/${copy.id}`);
    },
  });
  const exportOne = useMutation({
    mutationFn: async () => {
      const { fileName, file } = unwrap(await client.rosterExport({ ids: [roster.id] }));
      const saved = await saveTextFile(client, fileName, 'roster', JSON.stringify(file, null, 2));
      return saved.saved ? `Exported to ${saved.where ?? fileName}.` : null;
    },
    onSuccess: (message) => setNotice(message),
  });

  const errors = errorsByField(save.error);
  const failure = save.error ?? deleteRoster.error ?? deleteUnit.error ?? duplicate.error ?? exportOne.error;
  const pointsUsed = units.reduce((sum, u) => sum + (u.points ?? 0), 0);
  const over = roster.pointsLimit !== null && pointsUsed > roster.pointsLimit;

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/rosters" size="lg" w="fit-content">
        <Group gap={6}>
          <IconArrowLeft size={20} /> All rosters
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} data-testid="roster-title">
            {roster.name}
          </Title>
          <Group gap="xs" mt={6}>
            <Text size="lg" c="gray.8">
              {systemName(roster.system)}
            </Text>
            <Badge size="xl" tt="none" variant="light">
              {plural(units.length, 'unit')}
            </Badge>
            <Badge size="xl" tt="none" variant="light" color={over ? 'red' : 'gray'} data-testid="roster-points-used">
              {roster.pointsLimit === null
                ? `${pointsUsed.toLocaleString()} pts`
                : `${pointsUsed.toLocaleString()} / ${roster.pointsLimit.toLocaleString()} pts`}
            </Badge>
          </Group>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload />}
            onClick={() => exportOne.mutate()}
            loading={exportOne.isPending}
            data-testid="export-roster"
          >
            Export…
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy />}
            onClick={() => duplicate.mutate()}
            loading={duplicate.isPending}
            data-testid="duplicate-roster"
          >
            Duplicate
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash />}
            onClick={() => setConfirm({ kind: 'roster' })}
            data-testid="delete-roster"
          >
            Delete…
          </Button>
        </Group>
      </Group>
      {notice && (
        <Alert color="green" withCloseButton onClose={() => setNotice(null)} data-testid="roster-notice">
          {notice}
        </Alert>
      )}
      {failure && !Object.keys(errors).some((k) => ['name', 'system', 'pointsLimit', 'notes'].includes(k)) && (
        <Alert color="red" title="That did not work">
          {failure.message}
        </Alert>
      )}

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
                <Card key={unit.id} withBorder padding="md" bg="gray.0" data-testid="unit-row">
                  <Group justify="space-between" wrap="nowrap" align="center">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={`/rosters/${roster.id}/units/${unit.id}`}
                        fz="xl"
                        fw={700}
                        c="dark"
                        data-testid="unit-name"
                      >
                        {unit.name}
                      </Anchor>
                      <Text size="lg" c="gray.8" data-testid="unit-stats">
                        {(profileForm.data ? keyStats(profileForm.data.schema as JsonSchema, unit.profile) : []).map(
                          (s, i) => (
                            <Fragment key={i}>
                              {i > 0 ? ' · ' : ''}
                              <span style={{ whiteSpace: 'nowrap' }}>{s}</span>
                            </Fragment>
                          ),
                        )}
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
                        to={`/rosters/${roster.id}/units/${unit.id}`}
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
                        onClick={() => setConfirm({ kind: 'unit', unit })}
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setNotice(null);
            save.mutate();
          }}
        >
          <Stack gap="md">
            <Title order={2}>Roster details</Title>
            <RosterFields
              draft={draft}
              onChange={setDraft}
              errors={errors}
              systemLocked={
                units.length > 0 ? 'A roster with units keeps its game: its units are written for it.' : undefined
              }
            />
            <Group>
              <Button type="submit" disabled={!dirty} loading={save.isPending} data-testid="save-roster">
                Save changes
              </Button>
              {dirty && (
                <Button variant="default" onClick={() => setDraft(initial)}>
                  Undo changes
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Card>

      <ConfirmModal
        opened={confirm?.kind === 'roster'}
        title={`Delete “${roster.name}”?`}
        confirmLabel={units.length > 0 ? `Delete the roster and ${plural(units.length, 'unit')}` : 'Delete the roster'}
        onConfirm={() => deleteRoster.mutate()}
        onCancel={() => setConfirm(null)}
        busy={deleteRoster.isPending}
      >
        {units.length > 0 ? (
          <>
            Its <b>{plural(units.length, 'unit')}</b> will be deleted with it. This cannot be undone — export it first
            if you may want it back.
          </>
        ) : (
          'It has no units. This cannot be undone.'
        )}
      </ConfirmModal>
      <ConfirmModal
        opened={confirm?.kind === 'unit'}
        title={confirm?.kind === 'unit' ? `Delete “${confirm.unit.name}”?` : ''}
        confirmLabel="Delete the unit"
        onConfirm={() => confirm?.kind === 'unit' && deleteUnit.mutate(confirm.unit.id)}
        onCancel={() => setConfirm(null)}
        busy={deleteUnit.isPending}
      >
        The unit and its profile are removed from this roster. This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
