import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconDownload, IconSwords, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient } from '../api/ClientContext';
import { HostData } from '../api/HostData';
import { unwrap, useHostQuery } from '../api/hostQuery';
import { saveTextFile } from '../host/files';
import { ConfirmModal, keys, useScrollToTop, plural, RosterFields, rosterRequest, type RosterDraft } from './common';
import { UnitList, type Loaded, type UnitRow } from './RosterUnits';
import { useSystemNames } from '../api/systems';
import { errorsByField } from '../forms/problems';

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

type Confirming = { kind: 'roster' } | { kind: 'unit'; unit: UnitRow } | null;

function RosterEditor({ data }: { data: Loaded }) {
  const { roster, units } = data;
  const { draft, setDraft, initial, dirty } = useRosterDraft(roster);
  const [confirm, setConfirm] = useState<Confirming>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const actions = useRosterActions(roster.id, draft, setNotice, setConfirm);
  const { save } = actions;
  const errors = errorsByField(save.error);
  const failure =
    save.error ??
    actions.deleteRoster.error ??
    actions.deleteUnit.error ??
    actions.duplicate.error ??
    actions.exportOne.error;

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/rosters" size="lg" w="fit-content">
        <Group gap={6}>
          <IconArrowLeft size={20} /> All rosters
        </Group>
      </Anchor>
      <RosterHeader data={data} actions={actions} onDelete={() => setConfirm({ kind: 'roster' })} />
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
      <UnitList data={data} onDelete={(unit) => setConfirm({ kind: 'unit', unit })} />
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
      <DeleteConfirms data={data} confirm={confirm} actions={actions} onCancel={() => setConfirm(null)} />
    </Stack>
  );
}

/** The roster's own fields as the player edits them; a newer stored version (saved here, or replaced by an import) starts the form afresh. */
function useRosterDraft(roster: Loaded['roster']) {
  const initial: RosterDraft = {
    name: roster.name,
    system: roster.system,
    pointsLimit: roster.pointsLimit,
    notes: roster.notes,
  };
  const [draft, setDraft] = useState<RosterDraft>(initial);
  const [seen, setSeen] = useState(roster.updatedAt);
  if (seen !== roster.updatedAt) {
    setSeen(roster.updatedAt);
    setDraft(initial);
  }
  return { draft, setDraft, initial, dirty: JSON.stringify(draft) !== JSON.stringify(initial) };
}

/** What the roster page asks the host: save, delete the roster or a unit, duplicate, export; each refreshes what it changed. */
function useRosterActions(
  id: string,
  draft: RosterDraft,
  setNotice: (notice: string | null) => void,
  setConfirm: (confirm: Confirming) => void,
) {
  const client = useClient();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const refresh = async () => {
    await queries.invalidateQueries({ queryKey: keys.rosterList });
    await queries.invalidateQueries({ queryKey: keys.roster(id) });
  };
  const save = useMutation({
    mutationFn: async () => unwrap(await client.rosterSave({ id, ...rosterRequest(draft) })),
    onSuccess: async () => {
      setNotice('Saved.');
      await refresh();
    },
  });
  const deleteRoster = useMutation({
    mutationFn: async () => unwrap(await client.rosterDelete({ id })),
    onSuccess: async () => {
      queries.removeQueries({ queryKey: keys.roster(id) });
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
    mutationFn: async () => unwrap(await client.rosterDuplicate({ id })),
    onSuccess: async ({ roster: copy }) => {
      await queries.invalidateQueries({ queryKey: keys.rosterList });
      navigate(`/rosters/${copy.id}`);
    },
  });
  const exportOne = useMutation({
    mutationFn: async () => {
      const { fileName, file } = unwrap(await client.rosterExport({ ids: [id] }));
      const saved = await saveTextFile(client, fileName, 'roster', JSON.stringify(file, null, 2));
      return saved.saved ? `Exported to ${saved.where ?? fileName}.` : null;
    },
    onSuccess: (message) => setNotice(message),
  });
  return { save, deleteRoster, deleteUnit, duplicate, exportOne };
}
type RosterActions = ReturnType<typeof useRosterActions>;

/** The roster's name, game, units and points used (red over its limit), with Export, Duplicate and Delete. */
function RosterHeader({ data, actions, onDelete }: { data: Loaded; actions: RosterActions; onDelete: () => void }) {
  const systemName = useSystemNames();
  const { roster, units } = data;
  const { exportOne, duplicate } = actions;
  const pointsUsed = units.reduce((sum, u) => sum + (u.points ?? 0), 0);
  const over = roster.pointsLimit !== null && pointsUsed > roster.pointsLimit;
  return (
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
          component={Link}
          to={`/matchups?mine=${encodeURIComponent(roster.id)}`}
          leftSection={<IconSwords />}
          data-testid="compare-roster"
        >
          Compare with…
        </Button>
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
        <Button variant="light" color="red" leftSection={<IconTrash />} onClick={onDelete} data-testid="delete-roster">
          Delete…
        </Button>
      </Group>
    </Group>
  );
}

/** "Delete the roster?" and "Delete the unit?", each saying what goes with it. */
function DeleteConfirms({
  data,
  confirm,
  actions,
  onCancel,
}: {
  data: Loaded;
  confirm: Confirming;
  actions: RosterActions;
  onCancel: () => void;
}) {
  const { roster, units } = data;
  const { deleteRoster, deleteUnit } = actions;
  return (
    <>
      <ConfirmModal
        opened={confirm?.kind === 'roster'}
        title={`Delete “${roster.name}”?`}
        confirmLabel={units.length > 0 ? `Delete the roster and ${plural(units.length, 'unit')}` : 'Delete the roster'}
        onConfirm={() => deleteRoster.mutate()}
        onCancel={onCancel}
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
        onCancel={onCancel}
        busy={deleteUnit.isPending}
      >
        The unit and its profile are removed from this roster. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
