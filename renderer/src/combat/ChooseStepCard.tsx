import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { Input } from '../../../core/api/view';
import { ChooseKeys } from './ChooseKeys';
import type { OptionFigures } from './useCombatOdds';
import { StepCard } from './StepCard';
import { Why } from './StepWhy';
import { WhoActs } from './WhoActs';

type ChooseStep = Extract<CombatSnapshot['step'], { kind: 'choose' }>;
type Option = ChooseStep['options'][number];

/**
 * A choose step: who decides and what is asked, then straight away every option with its figures
 * (issue 35: all in sight at 1280×800 and 820×1180, nothing laid over them), the host's words where
 * the options cannot change the fight, a pause where the players may stop for this turn, the keys,
 * and last the rest of the question and why — folded, so it never pushes the options down.
 */
export function ChooseStepCard({
  step,
  name,
  figures,
  best,
  note,
  busy,
  onAnswer,
  cardRef,
}: {
  step: ChooseStep;
  name: string;
  figures?: Readonly<Record<string, OptionFigures>> | undefined;
  best: string | null;
  note?: string | null | undefined;
  busy: boolean;
  onAnswer: (input: Input) => void;
  cardRef: Ref<HTMLDivElement>;
}) {
  // A pause is no answer to the rules (the engine refuses it): it leaves the table, kept as it stands.
  const answers = step.options.filter((o) => o.pause === undefined);
  const pause = step.options.find((o) => o.pause !== undefined);
  const many = answers.length > 6;
  // The odds' best option for the chooser, once known, is the one suggested.
  const byOdds = best !== null && answers.some((o) => o.id === best);
  const options = byOdds ? answers.map((o) => ({ ...o, suggested: o.id === best })) : answers;
  const pick = (option: string) => onAnswer({ kind: 'choose', stepId: step.id, option });
  const [question, ...more] = step.prompt.split('\n');
  return (
    <StepCard step={step} cardRef={cardRef} gap="xs" who={<WhoActs role={step.actor} name={name} kind="choose" />}>
      <ChooseKeys options={options} disabled={busy} onPick={pick} />
      <Text size="lg" fw={500} data-testid="step-prompt" style={{ whiteSpace: 'pre-line' }}>
        {question}
      </Text>
      {note && (
        <Text size="md" fw={600} data-testid="choice-note">
          {note}
        </Text>
      )}
      <OptionGrid options={options} many={many} byOdds={byOdds} figures={figures} busy={busy} onPick={pick} />
      {pause && <PauseHere option={pause} />}
      <KeysHint count={options.length} />
      <MoreOfTheQuestion lines={more} />
      <Why reasons={step.why} fold={0} />
    </StepCard>
  );
}

/**
 * The options in a grid, so all stay in sight: two a row, three where there are three on a laptop;
 * many (how many of 16 attacks at the Baron) smaller, more a row.
 */
function OptionGrid({
  options,
  many,
  byOdds,
  figures,
  busy,
  onPick,
}: {
  options: Option[];
  many: boolean;
  byOdds: boolean;
  figures: Readonly<Record<string, OptionFigures>> | undefined;
  busy: boolean;
  onPick: (option: string) => void;
}) {
  return (
    <SimpleGrid
      cols={many ? { base: 3, sm: 4 } : { base: 1, xs: 2, lg: options.length === 3 ? 3 : 2 }}
      spacing="xs"
      verticalSpacing="xs"
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
          figures={figures?.[option.id]}
          busy={busy}
          onPick={onPick}
        />
      ))}
    </SimpleGrid>
  );
}

/** One option: its label, the host's figure for where it leads, its detail and whether it is suggested. */
function OptionButton({
  option,
  index,
  many,
  byOdds,
  figures,
  busy,
  onPick,
}: {
  option: Option;
  index: number;
  many: boolean;
  byOdds: boolean;
  figures: OptionFigures | undefined;
  busy: boolean;
  onPick: (option: string) => void;
}) {
  return (
    <Button
      aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
      size="lg"
      h="auto"
      mih={56}
      py={6}
      px={many ? 'xs' : 'sm'}
      variant={option.suggested ? 'filled' : 'default'}
      data-suggested={option.suggested === true}
      onClick={() => onPick(option.id)}
      disabled={busy}
      data-testid={`option-${option.id}`}
      style={many && option.label.length > 14 ? { gridColumn: '1 / -1' } : undefined}
      styles={{
        inner: { justifyContent: many ? 'center' : 'flex-start' },
        label: {
          whiteSpace: 'normal',
          flexDirection: 'column',
          alignItems: many ? 'center' : 'flex-start',
          textAlign: many ? 'center' : 'left',
          lineHeight: 1.25,
        },
      }}
    >
      <span>{option.label}</span>
      {/* The host's figure for where this option leads: the chooser's chance to win the fight. */}
      {figures?.fight && (
        <Text
          size="md"
          fw={700}
          lh={1.3}
          c={option.suggested ? 'white' : 'dark'}
          data-testid={`option-fight-${option.id}`}
        >
          {figures.fight}
        </Text>
      )}
      {/* The round's figure only until the fight's comes: the fight is what a choice is weighed by, and every option stays in sight. */}
      {figures?.round && !figures.fight && (
        <Text size="sm" fw={700} c={option.suggested ? 'white' : 'dark'} data-testid={`option-figure-${option.id}`}>
          {figures.round}
        </Text>
      )}
      {(option.detail || option.suggested) && (
        <Text size="sm" lh={1.3} c={option.suggested ? 'white' : 'dimmed'}>
          {[
            option.detail,
            option.suggested
              ? byOdds
                ? figures?.fight
                  ? 'suggested: best for the fight'
                  : 'suggested: best odds'
                : 'suggested'
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Button>
  );
}

/**
 * "Stop here: the combat goes on next turn": the combat is kept as it stands (every step is saved as
 * it is taken) and History lists it as paused, to be reopened at this step next turn.
 */
function PauseHere({ option }: { option: Option }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        size="lg"
        variant="default"
        leftSection={<IconPlayerPause />}
        component={Link}
        to="/history"
        data-testid="pause-combat"
        h="auto"
        py="xs"
        styles={{ label: { whiteSpace: 'normal' } }}
      >
        {option.label}
      </Button>
      {option.detail && (
        <Text size="sm" c="dimmed">
          {option.detail}
        </Text>
      )}
    </Group>
  );
}

/** The question's further lines (what it weighs), after the options. */
function MoreOfTheQuestion({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} data-testid="step-prompt-more">
      {lines.map((line, i) => (
        <Text key={i} size="md" style={{ whiteSpace: 'pre-line' }}>
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
