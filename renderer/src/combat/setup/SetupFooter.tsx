import { Alert, Button, Group, NumberInput } from '@mantine/core';

/** The end of every setup screen: what the host refused, the optional seed, and Start. */
export function SetupFooter({
  error,
  seed,
  onSeed,
  seedError,
  onStart,
  starting,
}: {
  error: Error | null;
  seed: number | '';
  onSeed: (seed: number | '') => void;
  seedError: string | undefined;
  onStart: () => void;
  starting: boolean;
}) {
  return (
    <>
      {error && (
        <Alert color="red" title="Some fields need fixing" data-testid="setup-error">
          {error.message}
        </Alert>
      )}
      <Group align="flex-end">
        <NumberInput
          size="md"
          w={260}
          label="Seed for “Roll for me” (optional)"
          description="The same seed rolls the same dice again."
          min={0}
          max={2147483646}
          value={seed}
          onChange={(v) => onSeed(v === '' ? '' : Number(v))}
          error={seedError}
          data-testid="seed"
        />
        <Button size="xl" onClick={onStart} loading={starting} data-testid="start-combat">
          Start the combat
        </Button>
      </Group>
    </>
  );
}
