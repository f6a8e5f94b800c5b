import { Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  defaultPaper,
  isPaper,
  isStepLog,
  paperLabels,
  rememberedPaper,
  rememberedStepLog,
  rememberPaper,
  rememberStepLog,
  stepLogLabels,
  type Paper,
  type StepLog,
} from '../print/paper';
import { Section } from './Section';

/**
 * Settings: what a player sets once for this device, kept in its storage — the paper a sheet is
 * printed on and how much of the step log it prints. The print page starts from them (and a choice
 * made there is remembered here too).
 */
export function SettingsPage() {
  const [paper, setPaper] = useState<Paper>(() => rememberedPaper() ?? defaultPaper(navigator.language));
  const [steps, setSteps] = useState<StepLog>(() => rememberedStepLog() ?? 'full');
  return (
    <Section title="Settings" intro="Kept on this device: every print starts from them.">
      <Card withBorder padding="lg">
        <Stack gap="lg">
          <Setting label="Paper" hint="The page size a combat or a night's report is printed on.">
            <SegmentedControl
              size="md"
              data-testid="setting-paper"
              value={paper}
              onChange={(value) => {
                if (!isPaper(value)) return;
                rememberPaper(value);
                setPaper(value);
              }}
              data={(['a4', 'letter'] as const).map((v) => ({ value: v, label: paperLabels[v] }))}
            />
          </Setting>
          <Setting
            label="Steps on a printed combat"
            hint="In full: one row a step with the reasons under each roll. One line each: the shortest. No steps: the outcome and the odds only."
          >
            <SegmentedControl
              size="md"
              data-testid="setting-step-log"
              value={steps}
              onChange={(value) => {
                if (!isStepLog(value)) return;
                rememberStepLog(value);
                setSteps(value);
              }}
              data={(['full', 'compact', 'none'] as const).map((v) => ({ value: v, label: stepLogLabels[v] }))}
            />
          </Setting>
        </Stack>
      </Card>
    </Section>
  );
}

/** One setting: its name, what it changes, its control. */
function Setting({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="lg">
        {label}
      </Text>
      <Text c="gray.7">{hint}</Text>
      {children}
    </Stack>
  );
}
