import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useClient } from '../api/ClientContext';
import { unwrap, useHostQuery } from '../api/hostQuery';
import { saveTextFile } from '../host/files';
import { NothingHereYet, Section } from '../sections/Section';
import { emptyDraft, keys, plural, RosterFields, rosterRequest, type RosterDraft } from './common';
import { useSystemNames, useSystemOptions } from '../api/systems';
import { errorsByField } from '../forms/problems';
import { DropOverlay, useFileDrop } from './FileDrop';
import { useRosterImport } from './useRosterImport';

type Sort = 'last-used' | 'name' | 'updated';
const sorts: { value: Sort; label: string }[] = [
  { value: 'last-used', label: 'Last used' },
  { value: 'name', label: 'Name' },
  { value: 'updated', label: 'Last changed' },
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** /rosters — every roster, searchable, with New, Import… and Export all…. */
export function RosterListPage() {
  const systemName = useSystemNames();
  const systemOptions = useSystemOptions();
  const client = useClient();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [sort, setSort] = useState<Sort>('last-used');
  const [search, setSearch] = useState('');
  const [system, setSystem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<RosterDraft>(emptyDraft);
  const [exported, setExported] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const list = useHostQuery([...keys.rosterList, sort], () => client.rosterList({ sort }));
  const importer = useRosterImport();
  const dragging = useFileDrop((file) => {
    setExported(null);
    importer.importDropped(file);
  });

  const create = useMutation({
    mutationFn: async () => unwrap(await client.rosterSave(rosterRequest(draft))),
    onSuccess: async ({ roster }) => {
      await queries.invalidateQueries({ queryKey: keys.rosterList });
      setCreating(false);
      navigate(`/rosters/${roster.id}`);
    },
  });
  const exportAll = useMutation({
    mutationFn: async () => {
      const { file } = unwrap(await client.rosterExport({ ids: (list.data?.rosters ?? []).map((r) => r.id) }));
      const name = 'combat-companion-rosters.ccroster.json';
      const saved = await saveTextFile(client, name, 'roster', JSON.stringify(file, null, 2));
      return saved.saved ? `Exported ${plural(file.rosters.length, 'roster')} to ${saved.where ?? name}.` : null;
    },
    onSuccess: (message) => setExported(message),
  });

  const rosters = list.data?.rosters ?? [];
  const needle = search.trim().toLowerCase();
  const shown = rosters.filter(
    (r) => (!system || r.system === system) && (!needle || r.name.toLowerCase().includes(needle)),
  );
  const errors = errorsByField(create.error);

  const openNew = () => {
    setDraft(emptyDraft);
    create.reset();
    setCreating(true);
  };

  return (
    <Section
      title="Rosters"
      intro="Your armies, kept on this machine: each roster holds its units and their profiles for one game. Import… (or drop on this window) a roster from Combat Companion, BattleScribe or New Recruit."
    >
      {dragging && <DropOverlay />}
      <Group gap="md">
        <Button leftSection={<IconPlus />} onClick={openNew} data-testid="new-roster">
          New roster
        </Button>
        <Button
          variant="default"
          leftSection={<IconUpload />}
          onClick={() => {
            setExported(null);
            importer.begin();
          }}
          loading={importer.busy}
          data-testid="import-rosters"
        >
          Import…
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload />}
          onClick={() => {
            importer.dismiss();
            exportAll.mutate();
          }}
          loading={exportAll.isPending}
          disabled={rosters.length === 0}
          data-testid="export-all"
        >
          Export all…
        </Button>
      </Group>
      {importer.notice}
      {importer.modal}
      {exported && (
        <Alert color="green" withCloseButton onClose={() => setExported(null)} data-testid="export-done">
          {exported}
        </Alert>
      )}
      {exportAll.error && (
        <Alert color="red" title="The export did not work">
          {exportAll.error.message}
        </Alert>
      )}

      {rosters.length > 0 && (
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            ref={searchRef}
            size="lg"
            label="Search by name"
            placeholder="Type a name ( / )"
            leftSection={<IconSearch />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
            data-testid="roster-search"
          />
          <Select
            size="lg"
            label="Game"
            placeholder="All games"
            data={systemOptions}
            value={system}
            onChange={setSystem}
            clearable
            style={{ flex: '0 1 320px' }}
            data-testid="roster-filter"
          />
          <Stack gap={4}>
            <Text size="lg" fw={500}>
              Sort by
            </Text>
            <SegmentedControl
              size="md"
              data={sorts}
              value={sort}
              onChange={(v) => setSort(v as Sort)}
              data-testid="roster-sort"
            />
          </Stack>
        </Group>
      )}

      {list.isPending && <Loader aria-label="Loading the rosters" />}
      {list.isError && (
        <Alert color="red" title="The rosters cannot be read">
          {list.error.message}
        </Alert>
      )}
      {list.isSuccess && rosters.length === 0 && (
        <NothingHereYet>
          No rosters are stored yet. Press <b>New roster</b> to make one and add its units, or <b>Import…</b> a roster:
          a .ccroster.json exported from Combat Companion, or a BattleScribe or New Recruit roster (.ros, .rosz). You
          can also drop the file on this window.
        </NothingHereYet>
      )}
      {rosters.length > 0 && shown.length === 0 && (
        <NothingHereYet>
          No roster matches {needle ? <b>“{search.trim()}”</b> : null}
          {needle && system ? ' in ' : null}
          {system ? <b>{systemName(system)}</b> : null}.{' '}
          <UnstyledButton
            c="indigo"
            fz="lg"
            td="underline"
            onClick={() => {
              setSearch('');
              setSystem(null);
            }}
          >
            Show all rosters
          </UnstyledButton>
        </NothingHereYet>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="roster-list">
        {shown.map((r) => (
          <Card
            key={r.id}
            withBorder
            padding="lg"
            component={Link}
            to={`/rosters/${r.id}`}
            data-testid="roster-card"
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <Stack gap={6}>
              <Title order={2} size="h3">
                {r.name}
              </Title>
              <Text size="lg" c="gray.8">
                {systemName(r.system)}
              </Text>
              <Group gap="xs">
                <Badge size="xl" tt="none" variant="light">
                  {plural(r.unitCount, 'unit')}
                </Badge>
                <Badge size="xl" tt="none" variant="light" color="gray">
                  {r.pointsLimit === null ? 'no points limit' : `${r.pointsLimit.toLocaleString()} pts limit`}
                </Badge>
              </Group>
              <Text size="sm" c="gray.7">
                Last used {dateFormat.format(new Date(r.lastUsedAt))}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={
          <Text fw={700} size="xl">
            New roster
          </Text>
        }
        size="xl"
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack gap="lg">
            <RosterFields draft={draft} onChange={setDraft} errors={errors} autoFocus />
            {create.error &&
              !Object.keys(errors).some((k) => ['name', 'system', 'pointsLimit', 'notes'].includes(k)) && (
                <Alert color="red">{create.error.message}</Alert>
              )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="create-roster">
                Create roster
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}
