import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { HostData } from '../api/HostData';
import { CombatLog } from './CombatLog';
import { CombatOdds } from './CombatOdds';
import { useCombatOdds } from './useCombatOdds';
import { StepPanel } from './StepPanel';
import { SideUnits } from './SideUnits';
import { useCombat } from './useCombat';

/** A combat in progress: the step to take now, the units, the odds and the log. */
export function WizardPage() {
  const { id = '' } = useParams();
  const { snapshot, answer, rollForMe, undo, busy, error, reset } = useCombat(id);
  const data = snapshot.data;
  const odds = useCombatOdds(id, data?.inputs.length ?? 0, data !== undefined);
  const canUndo = !!data?.canUndo && !busy;
  const doUndo = () => {
    if (!canUndo) return;
    reset();
    undo.mutate();
  };
  useHotkeys([['mod+z', doUndo]], []);
  // Mantine's md breakpoint (62em): two columns from here up.
  const wide = useMediaQuery('(min-width: 62em)', true);

  if (!data) return <HostData query={snapshot} what="combat" back={{ to: '/combat', label: 'Start a new combat' }}>{() => null}</HostData>;

  const names = { attacker: data.view.sides.attacker.name, defender: data.view.sides.defender.name };
  const figures = Object.fromEntries((odds.current?.choices ?? []).map((c) => [c.option, c.figure]));
  const units = <SideUnits view={data.view} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>
            {names.attacker} <Text span inherit c="gray.6">vs</Text> {names.defender}
          </Title>
          <Text c="gray.7">
            {data.systemName} · step {data.inputs.length + 1}
            {data.finished ? ' · finished' : ''}
          </Text>
        </div>
        <Group>
          <Button size="lg" variant="default" leftSection={<IconArrowBackUp />} onClick={doUndo} disabled={!canUndo} data-testid="undo" title="Undo (Ctrl+Z)">
            Undo
          </Button>
          {data.finished && (
            <Button size="lg" component={Link} to="/combat">
              New combat
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Alert color="red" title="That was not accepted" withCloseButton onClose={reset} data-testid="step-error">
          {error.message}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {data.view.status && data.view.status.length > 0 && (
              <Stack gap={2} data-testid="combat-status">
                {data.view.status.map((line) => (
                  <Text key={line} size="lg" fw={500}>
                    {line}
                  </Text>
                ))}
              </Stack>
            )}
            <StepPanel
              snapshot={data}
              figures={figures}
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
            {/* On a narrow screen (a tablet at the table) the units come right under the step, above the log. */}
            {!wide && units}
            <CombatLog lines={data.view.log} names={names} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {wide && units}
            <CombatOdds id={data.id} at={data.inputs.length} finished={data.finished} names={names} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
