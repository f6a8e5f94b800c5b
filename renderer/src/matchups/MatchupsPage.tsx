import { Alert, Button, Group, Progress, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { matchupMarkdown, type MatchupCell, type MatchupMode } from '../../../core/api';
import { useClient } from '../api/ClientContext';
import { useHostQuery } from '../api/hostQuery';
import { useSystemNames } from '../api/systems';
import { keys } from '../rosters/common';
import { CellDetail } from './CellDetail';
import { MatchupGrid } from './MatchupGrid';
import { useMatchupTable, type MatchupRequest } from './useMatchupTable';
import './matchups.css';

/**
 * /matchups?mine=…&theirs=…&mode=… — "Compare with…" (issue 37): which of my units should charge
 * which of theirs. Two rosters of one game picked, the host fills the table a few cells at a time
 * (a progress line and Cancel meanwhile); a cell opens its detail and "Start this combat". Opened
 * from a roster (mine given) or from a setup screen (its game given).
 */
export function MatchupsPage() {
  const [params, setParams] = useSearchParams();
  const mine = params.get('mine') ?? '';
  const theirs = params.get('theirs') ?? '';
  const mode = (params.get('mode') as MatchupMode | null) ?? undefined;
  // Every change in one call: two calls in one event would each start from the same address.
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const request = useMemo<MatchupRequest | null>(
    () => (mine && theirs ? { mine, theirs, ...(mode ? { mode } : {}) } : null),
    [mine, theirs, mode],
  );
  return (
    <Stack gap="lg" maw={1400} className="matchup-page">
      <Title order={1}>Which of my units should charge which of theirs?</Title>
      <RosterChoice
        system={params.get('system')}
        mine={mine}
        theirs={theirs}
        onMine={(id, keepTheirs) => set({ mine: id, ...(keepTheirs ? {} : { theirs: null }) })}
        onTheirs={(id) => set({ theirs: id })}
      />
      {request && <MatchupResult request={request} mode={mode} onMode={(m) => set({ mode: m })} />}
    </Stack>
  );
}

/** The two rosters: mine, and theirs among the rosters of the same game. */
function RosterChoice({
  system,
  mine,
  theirs,
  onMine,
  onTheirs,
}: {
  system: string | null;
  mine: string;
  theirs: string;
  /** `keepTheirs`: their roster is of the same game as the new one, so it stays. */
  onMine: (id: string | null, keepTheirs: boolean) => void;
  onTheirs: (id: string | null) => void;
}) {
  const client = useClient();
  const systemName = useSystemNames();
  const list = useHostQuery(keys.rosterList, () => client.rosterList({ sort: 'name' }));
  const rosters = list.data?.rosters ?? [];
  const game = rosters.find((r) => r.id === mine)?.system ?? system;
  const option = (r: (typeof rosters)[number]) => ({
    value: r.id,
    label: `${r.name} — ${systemName(r.system)}, ${r.unitCount} unit${r.unitCount === 1 ? '' : 's'}`,
  });
  const mineOptions = rosters.filter((r) => !system || r.system === system).map(option);
  const theirOptions = rosters.filter((r) => !game || r.system === game).map(option);
  return (
    <Group align="flex-end" gap="lg" className="matchup-noprint">
      <Select
        label="Your roster"
        size="lg"
        w={380}
        data={mineOptions}
        value={mine || null}
        onChange={(id) =>
          onMine(id, rosters.find((r) => r.id === theirs)?.system === rosters.find((r) => r.id === id)?.system)
        }
        placeholder="Choose your roster"
        nothingFoundMessage="No roster of this game yet"
        data-testid="matchup-mine"
      />
      <Select
        label="Compare with…"
        size="lg"
        w={380}
        data={theirOptions}
        value={theirs || null}
        onChange={onTheirs}
        placeholder="Choose their roster"
        disabled={!mine}
        data-testid="matchup-theirs"
      />
    </Group>
  );
}

/** The table being filled: fighting or shooting where the game asks, progress and Cancel, the table, Copy and Print. */
function MatchupResult({
  request,
  mode,
  onMode,
}: {
  request: MatchupRequest;
  mode: MatchupMode | undefined;
  onMode: (mode: MatchupMode) => void;
}) {
  const { reply, error, running, stopped, cancel, goOn } = useMatchupTable(request);
  const [open, setOpen] = useState<MatchupCell | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  if (error)
    return (
      <Alert color="red" title="These rosters cannot be compared">
        {error}
      </Alert>
    );
  return (
    <Stack gap="md">
      {reply?.modes && (
        <SegmentedControl
          className="matchup-noprint"
          size="lg"
          w="fit-content"
          value={mode ?? 'fighting'}
          onChange={(m) => onMode(m as MatchupMode)}
          data={[
            { value: 'fighting', label: 'Fighting (melee weapons)' },
            { value: 'shooting', label: 'Shooting (ranged weapons)' },
          ]}
        />
      )}
      <ProgressLine reply={reply} running={running} stopped={stopped} onCancel={cancel} onGoOn={goOn} />
      {reply && (
        <>
          <MatchupGrid table={reply.table} pending={running} onOpen={setOpen} />
          {reply.table.estimates > 0 && (
            <Text c="gray.8">
              ≈ marks an estimate: {reply.table.estimates} matchup{reply.table.estimates === 1 ? ' was' : 's were'} too
              large to count exactly in the time a cell gets, and were played out instead.
            </Text>
          )}
          <Group className="matchup-noprint">
            <Button
              size="lg"
              variant="default"
              leftSection={<IconCopy />}
              onClick={() =>
                void navigator.clipboard.writeText(matchupMarkdown(reply.table)).then(
                  () => setCopied('Copied the table as Markdown.'),
                  () => setCopied('The table could not be copied: this browser does not allow it here.'),
                )
              }
              data-testid="copy-matchups"
            >
              Copy as Markdown
            </Button>
            <Button size="lg" variant="default" leftSection={<IconPrinter />} onClick={() => window.print()}>
              Print
            </Button>
            {copied && <Text aria-live="polite">{copied}</Text>}
          </Group>
          <CellDetail cell={open} table={reply.table} request={request} onClose={() => setOpen(null)} />
        </>
      )}
    </Stack>
  );
}

/** "Working out the pairings, quickest first: 36 of 48 pairings" with a bar and Cancel; after Cancel, how far it got and Go on. */
function ProgressLine({
  reply,
  running,
  stopped,
  onCancel,
  onGoOn,
}: {
  reply: ReturnType<typeof useMatchupTable>['reply'];
  running: boolean;
  stopped: boolean;
  onCancel: () => void;
  onGoOn: () => void;
}) {
  const done = reply?.done ?? 0;
  const total = reply?.total ?? 0;
  if (!running && !stopped) return null;
  return (
    <Stack gap={6} className="matchup-noprint" data-testid="matchup-progress">
      <Group gap="md">
        {/* The button first: it stays put while the count beside it grows (a moving Cancel is hard to tap). */}
        {running ? (
          <Button size="md" variant="default" onClick={onCancel} data-testid="cancel-matchups">
            Cancel
          </Button>
        ) : (
          <Button size="md" variant="default" onClick={onGoOn} data-testid="resume-matchups">
            Go on
          </Button>
        )}
        <Text size="lg" aria-live="polite">
          {running
            ? total
              ? `Working out the pairings, quickest first: ${done} of ${total} pairings.`
              : 'Working out the pairings, quickest first…'
            : reply
              ? `Stopped: ${done} of ${total} pairings worked out.`
              : 'Stopped before any pairing was worked out.'}
        </Text>
      </Group>
      <Progress value={total ? (100 * done) / total : 0} size="lg" aria-hidden />
    </Stack>
  );
}
