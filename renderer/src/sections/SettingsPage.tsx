import { Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  isPaper,
  isStepLog,
  paperLabels,
  paperOnThisDevice,
  rememberPaper,
  rememberStepLog,
  stepLogLabels,
  stepLogOnThisDevice,
  type Paper,
  type StepLog,
} from '../print/paper';
import { diceModeLabels, isDiceMode, rememberDiceMode, rememberedDiceMode, type DiceMode } from '../combat/diceMode';
import { Section } from './Section';

/**
 * Settings: what a player sets once for this device, kept in its storage — how dice are entered at
 * a roll, the paper a sheet is printed on and how much of the step log it prints. Every roll and
 * every print starts from them (and a choice made there is remembered here too, or for the session).
 */
export function SettingsPage() {
  const [paper, setPaper] = useState<Paper>(paperOnThisDevice);
  const [steps, setSteps] = useState<StepLog>(stepLogOnThisDevice);
  const [dice, setDice] = useState<DiceMode>(rememberedDiceMode);
  return (
    <Section title="Settings" intro="Kept on this device: every roll and every print starts from them.">
      <Card withBorder padding="lg">
        <Stack gap="lg">
          <Setting
            label="How you enter dice"
            hint="Type the faces (3 5 6 1), or count each face (how many 1s, 2s…). Every roll opens this way; you can still switch at a roll."
            testId="setting-dice-mode"
            value={dice}
            labels={diceModeLabels}
            isValue={isDiceMode}
            onChange={(value) => {
              rememberDiceMode(value);
              setDice(value);
            }}
          />
          <Setting
            label="Paper"
            hint="The page size a combat or a night's report is printed on."
            testId="setting-paper"
            value={paper}
            labels={paperLabels}
            isValue={isPaper}
            onChange={(value) => {
              rememberPaper(value);
              setPaper(value);
            }}
          />
          <Setting
            label="Steps on a printed combat"
            hint="In full: one row a step with the reasons under each roll. One line each: the shortest. No steps: the outcome and the odds only."
            testId="setting-step-log"
            value={steps}
            labels={{ full: stepLogLabels.full, compact: stepLogLabels.compact, none: stepLogLabels.none }}
            isValue={isStepLog}
            onChange={(value) => {
              rememberStepLog(value);
              setSteps(value);
            }}
          />
        </Stack>
      </Card>
    </Section>
  );
}

/**
 * One setting: its name, what it changes, and its values side by side, in the order `labels` gives
 * them. Only a value the setting knows is kept (`isValue`).
 */
function Setting<T extends string>({
  label,
  hint,
  testId,
  value,
  labels,
  isValue,
  onChange,
}: {
  label: string;
  hint: string;
  testId: string;
  value: T;
  labels: Record<T, string>;
  isValue: (value: string) => value is T;
  onChange: (value: T) => void;
}) {
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
          if (isValue(next)) onChange(next);
        }}
        data={(Object.entries(labels) as Array<[T, string]>).map(([v, words]) => ({ value: v, label: words }))}
      />
    </Stack>
  );
}
