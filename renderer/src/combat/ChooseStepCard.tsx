import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { Input } from '../../../core/api/view';
import { ChooseKeys } from './ChooseKeys';
import { Why } from './StepWhy';
import { WhoActs } from './WhoActs';

type ChooseStep = Extract<CombatSnapshot['step'], { kind: 'choose' }>;
type Option = ChooseStep['options'][number];

/** A choose step: who decides, what is asked and why, the options (the suggested one first to Enter) and the keys. */
export function ChooseStepCard({
  step,
  name,
  figures,
  best,
  busy,
  onAnswer,
  cardRef,
}: {
  step: ChooseStep;
  name: string;
  figures?: Readonly<Record<string, string | null>> | undefined;
  best: string | null;
  busy: boolean;
  onAnswer: (input: Input) => void;
  cardRef: Ref<HTMLDivElement>;
}) {
  const many = step.options.length > 6;
  // The odds' best option for the chooser, once known, is the one suggested.
  const byOdds = best !== null && step.options.some((o) => o.id === best);
  const options = byOdds ? step.options.map((o) => ({ ...o, suggested: o.id === best })) : step.options;
  // The suggested option takes the focus (StepPanel), so Enter answers as suggested.
  const focusedOption = options.find((o) => o.suggested);
  const pick = (option: string) => onAnswer({ kind: 'choose', stepId: step.id, option });
  return (
    <Card
      ref={cardRef}
      withBorder
      padding="md"
      style={{ overflow: 'visible' }}
      data-testid="step"
      data-step-kind="choose"
      data-step-id={step.id}
    >
      <ChooseKeys options={options} disabled={busy} onPick={pick} />
      <Stack gap="sm">
        <WhoActs role={step.actor} name={name} kind="choose" />
        <Title order={2} size="h3">
          {step.title}
        </Title>
        <Prompt prompt={step.prompt} />
        <Why reasons={step.why} />
        {/* Many options (how many of 16 attacks at the Baron): smaller buttons, more to a row, so all stay in sight; a long one keeps a row of its own. */}
        <SimpleGrid
          cols={many ? { base: 3, sm: 4 } : { base: 1, sm: 2 }}
          spacing={many ? 'sm' : 'md'}
          data-testid="step-options"
          data-compact={many}
          data-suggested-by={byOdds ? 'odds' : 'rules'}
        >
          {options.map((option, i) => (
            <OptionButton
              key={option.id}
              option={option}
              index={i}
              many={many}
              byOdds={byOdds}
              figure={figures?.[option.id]}
              busy={busy}
              onPick={pick}
            />
          ))}
        </SimpleGrid>
        <TakeSuggested show={step.options.length > 2} option={focusedOption} busy={busy} onPick={pick} />
        <KeysHint count={step.options.length} />
      </Stack>
    </Card>
  );
}

/** One option: its label, the host's figure for where it leads, its detail and whether it is suggested. */
function OptionButton({
  option,
  index,
  many,
  byOdds,
  figure,
  busy,
  onPick,
}: {
  option: Option;
  index: number;
  many: boolean;
  byOdds: boolean;
  figure: string | null | undefined;
  busy: boolean;
  onPick: (option: string) => void;
}) {
  return (
    <Button
      aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
      size={many ? 'lg' : 'xl'}
      h="auto"
      py={many ? 'xs' : 'md'}
      px={many ? 'xs' : undefined}
      variant={option.suggested ? 'filled' : 'default'}
      data-suggested={option.suggested === true}
      onClick={() => onPick(option.id)}
      disabled={busy}
      data-testid={`option-${option.id}`}
      style={many && option.label.length > 14 ? { gridColumn: '1 / -1' } : undefined}
      styles={{
        label: { whiteSpace: 'normal', flexDirection: 'column', alignItems: many ? 'center' : 'flex-start' },
      }}
    >
      <span>{option.label}</span>
      {/* The host's exact figure for the state this option leads to (core/analysis/headline.ts). */}
      {figure && (
        <Text size="sm" fw={700} c={option.suggested ? 'white' : 'dark'} data-testid={`option-figure-${option.id}`}>
          {figure}
        </Text>
      )}
      {(option.detail || option.suggested) && (
        <Text size="sm" c={option.suggested ? 'white' : 'dimmed'}>
          {[option.detail, option.suggested ? (byOdds ? 'suggested: best odds' : 'suggested') : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Button>
  );
}

/** Many options: the suggested one is also one tap away at the bottom of the screen, wherever it sits in the grid. */
function TakeSuggested({
  show,
  option,
  busy,
  onPick,
}: {
  show: boolean;
  option: Option | undefined;
  busy: boolean;
  onPick: (option: string) => void;
}) {
  if (!show || !option) return null;
  return (
    <Group justify="flex-end" className="cc-step-action">
      <Button
        size="lg"
        variant="light"
        onClick={() => onPick(option.id)}
        disabled={busy}
        data-testid="take-suggested"
        styles={{ label: { whiteSpace: 'normal' } }}
        h="auto"
        py="xs"
      >
        As suggested: {option.label}
      </Button>
    </Group>
  );
}

/** What the chooser is asked: the first line the question, the rest what it weighs. */
function Prompt({ prompt }: { prompt: string }) {
  return (
    <Stack gap={4} data-testid="step-prompt">
      {prompt.split('\n').map((line, i) => (
        <Text key={i} size={i === 0 ? 'xl' : 'lg'} fw={i === 0 ? 500 : undefined} style={{ whiteSpace: 'pre-line' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The keys that answer a choice, where there is one to make. */
function KeysHint({ count }: { count: number }) {
  if (count <= 1) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="choose-keys">
      Keys: {count > 9 ? '1–9' : `1–${count}`} take an option, Enter the highlighted one.
    </Text>
  );
}
