import { Alert, Anchor, Button, Group, List, NumberInput, Text } from '@mantine/core';

export interface SetupProblem {
  /** The host's path of the field ("setup.attacker.units[0].name"). */
  field: string;
  /** The field said in the labels on screen ("Attacker — Halberdiers — Unit name"). */
  words: string;
  /** What is wrong, in words ("expected a name"). */
  message: string;
}

/** Brings a field into view and into focus (or the nearest box that holds it). */
function show(field: string) {
  const parts = field.split(/(?=[.[])/);
  for (let n = parts.length; n > 0; n--) {
    const path = parts.slice(0, n).join('');
    for (const prefix of ['field', 'item', 'group', 'list']) {
      const element = document.querySelector<HTMLElement>(`[data-testid="${prefix}-${CSS.escape(path)}"]`);
      if (!element) continue;
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      element.focus({ preventScroll: true });
      return;
    }
  }
}

/**
 * The end of every setup screen: everything the host refused, each named by its labels (a click
 * shows the field), the optional seed, and Start.
 */
export function SetupFooter({
  problems,
  failed,
  seed,
  onSeed,
  seedError,
  onStart,
  starting,
}: {
  problems: SetupProblem[];
  /** The refusal itself, shown as it is when it names no field. */
  failed: Error | null;
  seed: number | '';
  onSeed: (seed: number | '') => void;
  seedError: string | undefined;
  onStart: () => void;
  starting: boolean;
}) {
  return (
    <>
      {failed && (
        <Alert
          color="red"
          title={
            <Text fw={700} size="lg">
              {problems.length > 1
                ? `${problems.length} fields need fixing — the combat has not started`
                : 'This needs fixing — the combat has not started'}
            </Text>
          }
          data-testid="setup-error"
        >
          {problems.length > 0 ? (
            <List size="lg" spacing={4} data-testid="setup-problems">
              {problems.map((p, i) => (
                <List.Item key={i} data-testid="setup-problem">
                  <Anchor
                    component="button"
                    type="button"
                    size="lg"
                    fw={700}
                    onClick={() => show(p.field)}
                    style={{ textAlign: 'left' }}
                  >
                    {p.words}
                  </Anchor>
                  : {p.message}
                </List.Item>
              ))}
            </List>
          ) : (
            failed.message
          )}
        </Alert>
      )}
      <Group align="flex-start" wrap="wrap">
        <NumberInput
          size="lg"
          w={400}
          maw="100%"
          label="Seed for “Roll for me” (optional)"
          description="The same seed rolls the same dice again."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          hideControls
          inputMode="numeric"
          min={0}
          max={2147483646}
          value={seed}
          onChange={(v) => onSeed(v === '' ? '' : Number(v))}
          error={seedError}
          data-testid="seed"
        />
        <Button size="xl" mt={34} onClick={onStart} loading={starting} data-testid="start-combat">
          Start the combat
        </Button>
      </Group>
    </>
  );
}
