import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import { HostData } from '../api/HostData';
import { CombatLog } from './CombatLog';
import { CombatOdds } from './CombatOdds';
import type { RestoredDice } from './DiceEntry';
import { OddsHeadline } from './OddsHeadline';
import { useCombatOdds } from './useCombatOdds';
import { StepPanel } from './StepPanel';
import { SideUnits } from './SideUnits';
import { useCombat } from './useCombat';
import { stepCount } from './stepCount';

/**
 * A combat in progress: the step to take now, the units, the odds and the log. Laid out so that
 * when a step opens, who acts, what is needed and why, the dice box, the main button and the
 * odds in one line are on screen together at 1280×800 and 820×1180: the page opens at its top,
 * the odds panel comes right after the step (beside it on a wide screen), the units after that.
 */
export function WizardPage() {
  const { id = '' } = useParams();
  const combat = useCombat(id);
  const { snapshot, answer, rollForMe, busy, error, reset } = combat;
  const data = snapshot.data;
  const odds = useCombatOdds(id, data?.inputs.length ?? 0, data !== undefined);
  const { restore, canUndo, doUndo } = useUndo(data, combat);
  // Mantine's md breakpoint (62em): two columns from here up.
  const wide = useMediaQuery('(min-width: 62em)', true);
  // Each step opens at the top of the page: the step card and the odds line are there.
  const stepId = data?.step.id;
  useEffect(() => {
    if (stepId !== undefined) window.scrollTo(0, 0);
  }, [stepId]);

  if (!data)
    return (
      <HostData query={snapshot} what="combat" back={{ to: '/combat', label: 'Start a new combat' }}>
        {() => null}
      </HostData>
    );

  const names = { attacker: data.view.sides.attacker.name, defender: data.view.sides.defender.name };
  const units = <SideUnits view={data.view} />;
  const oddsPanel = <CombatOdds id={data.id} at={data.inputs.length} finished={data.finished} names={names} />;
  return (
    <Stack gap="sm">
      <CombatHeader data={data} names={names} canUndo={canUndo} onUndo={doUndo} />
      {data.notice && (
        <Alert color="yellow" title="Opened in part" data-testid="combat-notice">
          {data.notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" title="That was not accepted" withCloseButton onClose={reset} data-testid="step-error">
          {error.message}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {/* data-odds-settled: this step's odds are final, and so is the option they suggest. */}
          <Stack gap="sm" data-odds-settled={odds.current?.settled === true}>
            <OddsHeadline id={data.id} at={data.inputs.length} />
            <StepPanel
              snapshot={data}
              figures={odds.current?.figures}
              best={odds.current?.best ?? null}
              note={odds.current?.choiceNote}
              restore={restore?.stepId === data.step.id ? restore : undefined}
              busy={busy}
              onAnswer={(input) => {
                reset();
                answer.mutate(input);
              }}
              onRollForMe={(stepId) => {
                reset();
                rollForMe.mutate(stepId);
              }}
            />
            {/* Where the combat stands comes after the step: the step's own title says the round, and its options stay in sight. */}
            <CombatStatus lines={data.view.status} />
            {/* On a narrow screen (a tablet at the table) the odds come right under the step, then the units, then the log. */}
            {!wide && oddsPanel}
            {!wide && units}
            <CombatLog lines={data.view.log} names={names} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            {wide && oddsPanel}
            {wide && units}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * Undo (the button and Ctrl+Z): the last step taken back. The dice entered at the step just undone
 * go back into its box, to correct one typo.
 */
function useUndo(data: CombatSnapshot | undefined, { undo, busy, reset }: ReturnType<typeof useCombat>) {
  const [restore, setRestore] = useState<(RestoredDice & { stepId: string }) | null>(null);
  const canUndo = !!data?.canUndo && !busy;
  const doUndo = () => {
    if (!canUndo) return;
    const last = data.inputs.at(-1);
    setRestore(
      last?.kind === 'roll' && last.by === 'entered'
        ? { stepId: last.stepId, dice: last.dice, typed: last.typed }
        : null,
    );
    reset();
    undo.mutate();
  };
  useHotkeys([['mod+z', doUndo]], []);
  return { restore, canUndo, doUndo };
}

/** "Empire vs Orcs", the system and the step count, Undo, and New combat once it is over. */
function CombatHeader({
  data,
  names,
  canUndo,
  onUndo,
}: {
  data: CombatSnapshot;
  names: { attacker: string; defender: string };
  canUndo: boolean;
  onUndo: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Title order={1} size="h3">
          {names.attacker}{' '}
          <Text span inherit c="gray.6">
            vs
          </Text>{' '}
          {names.defender}
        </Title>
        <Text size="sm" c="gray.7" data-testid="step-count">
          {data.systemName} · {stepCount(data.inputs.length, data.finished)}
        </Text>
      </div>
      <Group>
        <Button
          size="md"
          variant="default"
          leftSection={<IconArrowBackUp />}
          onClick={onUndo}
          disabled={!canUndo}
          data-testid="undo"
          title="Undo (Ctrl+Z)"
        >
          Undo
        </Button>
        {data.finished && (
          <Button size="md" component={Link} to="/combat">
            New combat
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Where the combat stands, in the system's words (a ranks game's charge and pursuit), above the step. */
function CombatStatus({ lines }: { lines: string[] | undefined }) {
  if (!lines || lines.length === 0) return null;
  return (
    <Stack gap={0} data-testid="combat-status">
      {lines.map((line) => (
        <Text key={line} size="md" fw={500}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
