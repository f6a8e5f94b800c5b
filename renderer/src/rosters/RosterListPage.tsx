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
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ResponseOf } from '../../../core/api/contract';
import { useClient } from '../api/ClientContext';
import { unwrap, useHostQuery, type HostError } from '../api/hostQuery';
import { saveTextFile } from '../host/files';
import { NothingHereYet, Section } from '../sections/Section';
import { emptyDraft, keys, ModalTitle, plural, RosterFields, rosterRequest, type RosterDraft } from './common';
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
  const client = useClient();
  const [sort, setSort] = useState<Sort>('last-used');
  const [search, setSearch] = useState('');
  const [system, setSystem] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  const list = useHostQuery([...keys.rosterList, sort], () => client.rosterList({ sort }));
  const importer = useRosterImport();
  const dragging = useFileDrop((file) => {
    setExported(null);
    importer.importDropped(file);
  });
  const newRoster = useNewRoster();
  const rosters = list.data?.rosters ?? [];
  const exportAll = useExportAll(rosters, setExported);
  const needle = search.trim().toLowerCase();
  const shown = rosters.filter(
    (r) => (!system || r.system === system) && (!needle || r.name.toLowerCase().includes(needle)),
  );

  return (
    <Section
      title="Rosters"
      intro="Your armies, kept on this machine: each roster holds its units and their profiles for one game. Import… (or drop on this window) a roster from Combat Companion, BattleScribe or New Recruit."
    >
      {dragging && <DropOverlay />}
      <ListActions
        onNew={newRoster.open}
        onImport={() => {
          setExported(null);
          importer.begin();
        }}
        importing={importer.busy}
        onExportAll={() => {
          importer.dismiss();
          exportAll.mutate();
        }}
        exporting={exportAll.isPending}
        none={rosters.length === 0}
      />
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
        <RosterFilters
          searchRef={searchRef}
          search={search}
          onSearch={setSearch}
          system={system}
          onSystem={setSystem}
          sort={sort}
          onSort={setSort}
        />
      )}
      <RosterListBody
        list={list}
        shown={shown}
        search={search}
        system={system}
        onShowAll={() => {
          setSearch('');
          setSystem(null);
        }}
      />
      <NewRosterModal newRoster={newRoster} />
    </Section>
  );
}

type RosterList = UseQueryResult<ResponseOf<'roster.list'>, HostError>;
type RosterSummary = ResponseOf<'roster.list'>['rosters'][number];

/** New roster, Import… and Export all…. */
function ListActions({
  onNew,
  onImport,
  importing,
  onExportAll,
  exporting,
  none,
}: {
  onNew: () => void;
  onImport: () => void;
  importing: boolean;
  onExportAll: () => void;
  exporting: boolean;
  none: boolean;
}) {
  return (
    <Group gap="md">
      <Button leftSection={<IconPlus />} onClick={onNew} data-testid="new-roster">
        New roster
      </Button>
      <Button
        variant="default"
        leftSection={<IconUpload />}
        onClick={onImport}
        loading={importing}
        data-testid="import-rosters"
      >
        Import…
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload />}
        onClick={onExportAll}
        loading={exporting}
        disabled={none}
        data-testid="export-all"
      >
        Export all…
      </Button>
    </Group>
  );
}

/** Export all…: every roster in one file, saved where the player says. */
function useExportAll(rosters: readonly RosterSummary[], setExported: (message: string | null) => void) {
  const client = useClient();
  return useMutation({
    mutationFn: async () => {
      const { file } = unwrap(await client.rosterExport({ ids: rosters.map((r) => r.id) }));
      const name = 'combat-companion-rosters.ccroster.json';
      const saved = await saveTextFile(client, name, 'roster', JSON.stringify(file, null, 2));
      return saved.saved ? `Exported ${plural(file.rosters.length, 'roster')} to ${saved.where ?? name}.` : null;
    },
    onSuccess: (message) => setExported(message),
  });
}

/** Search by name ("/" to it), the game, the order. */
function RosterFilters({
  searchRef,
  search,
  onSearch,
  system,
  onSystem,
  sort,
  onSort,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  search: string;
  onSearch: (search: string) => void;
  system: string | null;
  onSystem: (system: string | null) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
}) {
  const systemOptions = useSystemOptions();
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        ref={searchRef}
        size="lg"
        label="Search by name"
        placeholder="Type a name ( / )"
        leftSection={<IconSearch />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
        data-testid="roster-search"
      />
      <Select
        size="lg"
        label="Game"
        placeholder="All games"
        data={systemOptions}
        value={system}
        onChange={onSystem}
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
          onChange={(v) => onSort(v as Sort)}
          data-testid="roster-sort"
        />
      </Stack>
    </Group>
  );
}

/** The rosters shown, or why there are none: loading, unreadable, none stored yet, none matching. */
function RosterListBody({
  list,
  shown,
  search,
  system,
  onShowAll,
}: {
  list: RosterList;
  shown: RosterSummary[];
  search: string;
  system: string | null;
  onShowAll: () => void;
}) {
  const systemName = useSystemNames();
  const rosters = list.data?.rosters ?? [];
  const needle = search.trim().toLowerCase();
  return (
    <>
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
          <UnstyledButton c="indigo" fz="lg" td="underline" onClick={onShowAll}>
            Show all rosters
          </UnstyledButton>
        </NothingHereYet>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="roster-list">
        {shown.map((r) => (
          <RosterCard key={r.id} roster={r} systemName={systemName(r.system)} />
        ))}
      </SimpleGrid>
    </>
  );
}

/** One roster: its name, game, units, points limit and when it was last used; opens it. */
function RosterCard({ roster: r, systemName }: { roster: RosterSummary; systemName: string }) {
  return (
    <Card
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
          {systemName}
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
  );
}

/** "New roster": its draft and Create, the dialog open or not (each opening starts from an empty draft). */
function useNewRoster() {
  const client = useClient();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<RosterDraft>(emptyDraft);
  const create = useMutation({
    mutationFn: async () => unwrap(await client.rosterSave(rosterRequest(draft))),
    onSuccess: async ({ roster }) => {
      await queries.invalidateQueries({ queryKey: keys.rosterList });
      setCreating(false);
      navigate(`/rosters/${roster.id}`);
    },
  });
  const open = () => {
    setDraft(emptyDraft);
    create.reset();
    setCreating(true);
  };
  return { creating, open, close: () => setCreating(false), draft, setDraft, create };
}

function NewRosterModal({ newRoster }: { newRoster: ReturnType<typeof useNewRoster> }) {
  const { creating, close, draft, setDraft, create } = newRoster;
  const errors = errorsByField(create.error);
  return (
    <Modal opened={creating} onClose={close} title={<ModalTitle>New roster</ModalTitle>} size="xl" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack gap="lg">
          <RosterFields draft={draft} onChange={setDraft} errors={errors} autoFocus />
          {create.error && !Object.keys(errors).some((k) => ['name', 'system', 'pointsLimit', 'notes'].includes(k)) && (
            <Alert color="red">{create.error.message}</Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="create-roster">
              Create roster
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
