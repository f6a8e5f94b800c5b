import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPlayerPlay, IconPrinter, IconReportAnalytics } from '@tabler/icons-react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ResponseOf } from '../../../core/api/contract';
import { useClient } from '../api/ClientContext';
import type { HostError } from '../api/hostQuery';
import { unwrap } from '../api/hostQuery';
import { keys } from '../rosters/common';
import { stepsTaken } from '../combat/stepCount';
import { NothingHereYet, Section } from '../sections/Section';
import { useSystemNames, when } from './format';
import { ReportDialog } from './ReportDialog';

type Page = ResponseOf<'combat.history'>;
type Before = { startedAt: string; id: string } | null;
const PAGE_SIZE = 20;

type StoredCombat = Page['combats'][number];

/** /history — the stored combats, newest first, a page at a time. */
export function HistoryListPage() {
  const history = useHistoryPages();
  const combats = history.data?.pages.flatMap((p) => p.combats) ?? [];
  const [reporting, setReporting] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  return (
    <Section
      title="History"
      intro="Every combat resolved with the app, stored with its dice so it can be replayed step by step."
    >
      {combats.length > 0 && <ReportButtons picked={picked} onReport={() => setReporting(true)} />}
      <ReportDialog opened={reporting} onClose={() => setReporting(false)} />
      {history.isPending && <Loader aria-label="Loading the history" />}
      {history.isError && (
        <Alert color="red" title="The history cannot be read">
          {history.error.message}
        </Alert>
      )}
      {history.isSuccess && combats.length === 0 && (
        <NothingHereYet>
          No combats are stored yet. Start one under <Link to="/combat">Combat</Link>: it is kept here as you go, with
          every die, so you can replay it or carry on later.
        </NothingHereYet>
      )}
      <Stack gap="sm" data-testid="history-list">
        {combats.map((c) => (
          <HistoryItem
            key={c.id}
            combat={c}
            picked={picked.includes(c.id)}
            onPick={(on) => setPicked((now) => (on ? [...now, c.id] : now.filter((id) => id !== c.id)))}
          />
        ))}
      </Stack>
      {history.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          w="fit-content"
          data-testid="history-more"
        >
          Load more
        </Button>
      )}
    </Section>
  );
}

/** The stored combats from the host, newest first, PAGE_SIZE at a time. */
function useHistoryPages() {
  const client = useClient();
  return useInfiniteQuery<Page, HostError, InfiniteData<Page, Before>, readonly unknown[], Before>({
    queryKey: keys.history,
    initialPageParam: null,
    queryFn: async ({ pageParam }) => unwrap(await client.combatHistory({ limit: PAGE_SIZE, before: pageParam })),
    getNextPageParam: (last) => {
      const tail = last.combats.at(-1);
      return last.combats.length < PAGE_SIZE || !tail ? undefined : { startedAt: tail.startedAt, id: tail.id };
    },
  });
}

/** "Club-night report…", and a report of the combats ticked. */
function ReportButtons({ picked, onReport }: { picked: string[]; onReport: () => void }) {
  const navigate = useNavigate();
  return (
    <Group gap="sm">
      <Button variant="light" leftSection={<IconReportAnalytics />} onClick={onReport} data-testid="club-night-report">
        Club-night report…
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter />}
        disabled={picked.length === 0}
        onClick={() => navigate(`/print/report?ids=${picked.map(encodeURIComponent).join(',')}`)}
        data-testid="report-picked"
      >
        {picked.length === 0
          ? 'Tick combats for a report'
          : picked.length === 1
            ? 'Report of the ticked combat'
            : `Report of the ${picked.length} ticked combats`}
      </Button>
    </Group>
  );
}

/** One stored combat: tick it for a report, open its replay, or go straight back to the table. */
function HistoryItem({
  combat: c,
  picked,
  onPick,
}: {
  combat: StoredCombat;
  picked: boolean;
  onPick: (on: boolean) => void;
}) {
  const nameOf = useSystemNames();
  return (
    <Card withBorder padding="lg" data-testid="history-item">
      <Group justify="space-between" align="center" wrap="nowrap">
        {/* Outside the link: ticking a combat for a report must not open it. */}
        <Checkbox
          size="lg"
          aria-label={`Put “${c.title}” in a report`}
          checked={picked}
          onChange={(e) => onPick(e.currentTarget.checked)}
          data-testid="history-pick"
        />
        <Anchor
          component={Link}
          to={`/history/${c.id}`}
          underline="never"
          c="inherit"
          style={{ flex: 1, minWidth: 0 }}
          data-testid="history-open"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} size="h3">
                {c.title}
              </Title>
              <Text size="md" c="gray.7">
                {nameOf(c.system)} · {when(c.startedAt)}
              </Text>
              <Text size="lg" data-testid="history-summary">
                {c.summary ?? (c.finishedAt ? 'Finished.' : `${stepsTaken(c.inputCount)} so far.`)}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Badge size="xl" tt="none" color={c.finishedAt ? 'green' : 'orange'} variant="light">
                {c.finishedAt ? 'Finished' : 'In progress'}
              </Badge>
              <Text size="sm" c="gray.7" data-testid="history-steps">
                {stepsTaken(c.inputCount)}
              </Text>
            </Stack>
          </Group>
        </Anchor>
        {/* Straight back to the table: carry on, or undo the last steps of a finished one. */}
        <Button
          size="lg"
          variant={c.finishedAt ? 'default' : 'filled'}
          leftSection={c.finishedAt ? <IconArrowBackUp /> : <IconPlayerPlay />}
          component={Link}
          to={`/combat/play/${c.id}`}
          aria-label={`${c.finishedAt ? 'Reopen' : 'Continue'} “${c.title}” at the table`}
          data-testid="history-continue"
          style={{ flexShrink: 0 }}
        >
          {c.finishedAt ? 'Reopen' : 'Continue'}
        </Button>
      </Group>
    </Card>
  );
}
