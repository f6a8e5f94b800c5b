import { Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { diceModeChoice } from '../combat/diceMode';
import { offered, type DeviceChoice } from '../keptChoice';
import { paperChoice, stepLogChoice } from '../print/paper';
import { Section } from './Section';

/**
 * Settings: what a player sets once for this device, kept in its storage — how dice are entered at
 * a roll, the paper a sheet is printed on and how much of the step log it prints. Every roll and
 * every print starts from them (and a choice made there is remembered here too, or for the session).
 */
export function SettingsPage() {
  return (
    <Section title="Settings" intro="Kept on this device: every roll and every print starts from them.">
      <Card withBorder padding="lg">
        <Stack gap="lg">
          <Setting
            label="How you enter dice"
            hint="Type the faces (3 5 6 1), or count each face (how many 1s, 2s…). Every roll opens this way; you can still switch at a roll."
            testId="setting-dice-mode"
            choice={diceModeChoice}
          />
          <Setting
            label="Paper"
            hint="The page size a combat or a night's report is printed on."
            testId="setting-paper"
            choice={paperChoice}
          />
          <Setting
            label="Steps on a printed combat"
            hint="In full: one row a step with the reasons under each roll. One line each: the shortest. No steps: the outcome and the odds only."
            testId="setting-step-log"
            choice={stepLogChoice}
            order={['full', 'compact', 'none']}
          />
        </Stack>
      </Card>
    </Section>
  );
}

/**
 * One setting: its name, what it changes, and its values side by side (in `order`, else as the
 * choice lists them), starting from the one in force on this device. A value picked is remembered
 * there at once; only a value the choice knows is kept.
 */
function Setting<T extends string>({
  label,
  hint,
  testId,
  choice,
  order,
}: {
  label: string;
  hint: string;
  testId: string;
  choice: DeviceChoice<T>;
  order?: readonly T[];
}) {
  const [value, setValue] = useState<T>(choice.current);
  return (
    <Stack gap={4}>
      <Text fw={700} size="lg">
        {label}
      </Text>
      <Text c="gray.7">{hint}</Text>
      <SegmentedControl
        size="md"
        data-testid={testId}
        value={value}
        onChange={(next) => {
          if (!choice.isValue(next)) return;
          choice.remember(next);
          setValue(next);
        }}
        data={offered(choice, order)}
      />
    </Stack>
  );
}
