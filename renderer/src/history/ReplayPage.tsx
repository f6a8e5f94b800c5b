import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Loader,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { ResponseOf } from '../../../core/api/contract';
import type { Input, Step } from '../../../core/api/view';
import { useClient } from '../api/ClientContext';
import { HostData } from '../api/HostData';
import { turnWords } from '../combat/WhoActs';
import type { HostError } from '../api/hostQuery';
import { unwrap, useHostQuery } from '../api/hostQuery';
import { CombatLog } from '../combat/CombatLog';
import { RollNeeds } from '../combat/RollNeeds';
import { SideUnits } from '../combat/SideUnits';
import { ConfirmModal, keys, useScrollToTop } from '../rosters/common';
import { ExportActions } from './ExportActions';
import { useSystemNames, when } from './format';

type Record_ = ResponseOf<'history.get'>['combat'];

/** /history/:id — a stored combat, replayed read-only one step at a time. */
export function ReplayPage() {
  const { id = '' } = useParams();
  const client = useClient();
  const record = useHostQuery(['history.get', id], () => client.historyGet({ id }));
  useScrollToTop(id);
  return (
    <HostData query={record} what="combat" back={{ to: '/history', label: 'Back to the history' }}>
      {(data) => <Replay key={`${id}:${data.combat.inputCount}`} record={data.combat} />}
    </HostData>
  );
}

/** What the players did at a step, in words. */
function answered(step: Step, input: Input | undefined): string | null {
  if (!input) return null;
  if (input.kind === 'roll')
    return `${input.by === 'rolled' ? 'The app rolled' : 'The players rolled'}: ${input.dice.join(' ')}`;
  if (input.kind === 'choose') {
    const option = step.kind === 'choose' ? step.options.find((o) => o.id === input.option) : undefined;
    return `Chosen: ${option?.label ?? input.option}`;
  }
  return 'Continued.';
}

/** The step as it stood, shown, not answered. */
function StepView({
  snapshot,
  next,
  loading,
}: {
  snapshot: CombatSnapshot;
  next: Input | undefined;
  loading: boolean;
}) {
  const { step, view } = snapshot;
  const who = step.kind === 'outcome' ? null : view.sides[step.actor].name;
  const did = answered(step, next);
  return (
    // While the next point of the combat loads, the previous one stays, dimmed and marked busy.
    <Card
      withBorder
      padding="lg"
      data-testid="replay-step"
      data-step-kind={step.kind}
      aria-busy={loading}
      opacity={loading ? 0.6 : 1}
    >
      <Stack gap="sm">
        {who && (
          <Text size="lg" c="gray.7">
            {who}: {turnWords[step.kind === 'roll' ? 'roll' : 'choose']}
          </Text>
        )}
        <Title order={2}>{step.title}</Title>
        {step.kind === 'roll' && <RollNeeds step={step} />}
        {step.kind === 'choose' && (
          <>
            <Text size="xl">{step.prompt}</Text>
            <List size="lg">
              {step.options.map((o) => (
                <List.Item key={o.id}>
                  {o.label}
                  {o.detail ? ` — ${o.detail}` : ''}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {step.kind === 'outcome' && (
          <Stack gap={4} data-testid="replay-outcome-lines">
            {step.lines.map((line, i) => (
              <Text key={i} size="xl">
                {line}
              </Text>
            ))}
          </Stack>
        )}
        {step.kind !== 'outcome' && step.why.length > 0 && (
          <List size="md" spacing={2} c="gray.8">
            {step.why.map((r, i) => (
              <List.Item key={i}>
                <b>{r.rule}:</b> {r.detail}
              </List.Item>
            ))}
          </List>
        )}
        {did && (
          <Alert color="indigo" variant="light" data-testid="replay-answer">
            <Text size="lg" fw={600}>
              {did}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Replay({ record }: { record: Record_ }) {
  const client = useClient();
  const total = record.inputs.length;
  const { at, go } = useReplayPosition(total);
  const [confirming, setConfirming] = useState(false);
  const snapshot = useQuery<CombatSnapshot, HostError>({
    queryKey: ['combat.at', record.id, at],
    queryFn: async () => unwrap(await client.combatAt({ id: record.id, at })),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteCombat(record.id);
  const data = snapshot.data;
  const names = data
    ? { attacker: data.view.sides.attacker.name, defender: data.view.sides.defender.name }
    : { attacker: '', defender: '' };

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/history" size="lg" w="fit-content">
        <Group gap={6}>
          <IconArrowLeft size={20} /> All combats
        </Group>
      </Anchor>
      <ReplayHeader record={record} onDelete={() => setConfirming(true)} />
      <ExportActions id={record.id} />
      <ReplayControls at={at} total={total} go={go} />
      {snapshot.isError && (
        <Alert color="red" title="This point of the combat cannot be shown">
          {snapshot.error.message}
        </Alert>
      )}
      {!data && snapshot.isPending && <Loader aria-label="Replaying" />}
      {data && (
        <Grid gap="md" style={{ opacity: snapshot.isPlaceholderData ? 0.6 : 1 }}>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 1 }}>
            <StepView
              snapshot={data}
              next={at < total ? (record.inputs[at] as Input) : undefined}
              loading={snapshot.isPlaceholderData}
            />
          </Grid.Col>
          {/* The wounds stay next to the step on a wide screen and right under it on a narrow one. */}
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 2 }}>
            <Stack gap="md">
              <SideUnits view={data.view} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 3, md: 3 }}>
            <CombatLog lines={data.view.log} names={names} />
          </Grid.Col>
        </Grid>
      )}
      <ConfirmModal
        opened={confirming}
        title="Delete this combat?"
        confirmLabel="Delete the combat"
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
        busy={remove.isPending}
      >
        “{record.title}” and its dice are removed from the history. This cannot be undone.
      </ConfirmModal>
      {remove.error && <Alert color="red">{remove.error.message}</Alert>}
    </Stack>
  );
}

/** Where the replay stands, 0 (the start) to `total`; the arrow keys, Home and End move it (not while typing or in a dialog). */
function useReplayPosition(total: number) {
  const [at, setAt] = useState(total);
  const go = (to: number) => setAt(Math.max(0, Math.min(total, to)));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="slider"], [role="dialog"]')) return;
      const moves: Record<string, (n: number) => number> = {
        ArrowLeft: (n) => n - 1,
        ArrowRight: (n) => n + 1,
        Home: () => 0,
        End: () => total,
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      setAt((n) => Math.max(0, Math.min(total, move(n))));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);
  return { at, go };
}

/** Delete: the combat leaves the history; back to the list. */
function useDeleteCombat(id: string) {
  const client = useClient();
  const navigate = useNavigate();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.historyDelete({ id })),
    onSuccess: async () => {
      queries.removeQueries({ queryKey: ['history.get', id] });
      await queries.invalidateQueries({ queryKey: keys.history });
      navigate('/history');
    },
  });
}

/** The combat's title, system, date, state and summary; continue or reopen it, delete it. */
function ReplayHeader({ record, onDelete }: { record: Record_; onDelete: () => void }) {
  const nameOf = useSystemNames();
  const finished = record.finishedAt !== null;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div>
        <Title order={1}>{record.title}</Title>
        <Group gap="xs" mt={4}>
          <Text size="lg" c="gray.7">
            {nameOf(record.system)} · {when(record.startedAt)}
          </Text>
          <Badge size="xl" tt="none" color={finished ? 'green' : 'orange'} variant="light">
            {finished ? 'Finished' : 'In progress'}
          </Badge>
        </Group>
        {record.summary && (
          <Text size="lg" mt={4} data-testid="replay-summary">
            {record.summary}
          </Text>
        )}
      </div>
      <Group gap="sm">
        {/* Any stored combat reopens where it stands: to carry on, or to undo its last steps. */}
        {finished ? (
          <Button
            leftSection={<IconArrowBackUp />}
            variant="default"
            component={Link}
            to={`/combat/play/${record.id}`}
            data-testid="reopen-combat"
          >
            Reopen to undo its last steps
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay />}
            component={Link}
            to={`/combat/play/${record.id}`}
            data-testid="continue-combat"
          >
            Continue this combat
          </Button>
        )}
        <Button variant="light" color="red" leftSection={<IconTrash />} onClick={onDelete} data-testid="delete-combat">
          Delete…
        </Button>
      </Group>
    </Group>
  );
}

/** Previous, where the replay stands, Next, and a slider over every step. */
function ReplayControls({ at, total, go }: { at: number; total: number; go: (to: number) => void }) {
  return (
    <Card withBorder padding="lg" data-testid="replay-controls">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Button
            size="xl"
            variant="default"
            leftSection={<IconChevronLeft />}
            onClick={() => go(at - 1)}
            disabled={at === 0}
            data-testid="replay-previous"
            title="Previous step (←)"
          >
            Previous
          </Button>
          <Text size="xl" fw={700} ta="center" data-testid="replay-position" aria-live="polite">
            {at === 0 ? 'At the start' : `After step ${at} of ${total}`}
          </Text>
          <Button
            size="xl"
            variant="default"
            rightSection={<IconChevronRight />}
            onClick={() => go(at + 1)}
            disabled={at === total}
            data-testid="replay-next"
            title="Next step (→)"
          >
            Next
          </Button>
        </Group>
        {total > 0 && (
          <Slider
            size="xl"
            thumbSize={28}
            min={0}
            max={total}
            step={1}
            value={at}
            onChange={go}
            label={(v) => (v === 0 ? 'start' : `step ${v}`)}
            marks={
              total <= 30
                ? Array.from({ length: total + 1 }, (_, i) => ({ value: i }))
                : [{ value: 0 }, { value: total }]
            }
            thumbLabel="Replay position"
            data-testid="replay-slider"
            mb="xs"
          />
        )}
      </Stack>
    </Card>
  );
}
