import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { Input, Reason } from '../../../core/api/view';
import { ChooseKeys } from './ChooseKeys';
import { DiceEntry, type RestoredDice } from './DiceEntry';
import { RollNeeds } from './RollNeeds';
import { rollersOf, WhoActs } from './WhoActs';

interface Props {
  snapshot: CombatSnapshot;
  /** At a choose step: each option's main figure if it is taken, once the host has worked them out. */
  figures?: Readonly<Record<string, string | null>>;
  /**
   * At a choose step: the option the host found best for the chooser by those figures, suggested
   * in place of the system's own suggestion; null until the odds arrive or where they cannot tell.
   */
  best?: string | null;
  /** At a roll step just undone: the dice that were entered there, back in the box. */
  restore?: RestoredDice | undefined;
  busy: boolean;
  onAnswer: (input: Input) => void;
  onRollForMe: (stepId: string) => void;
}

/**
 * Why the step asks what it asks. Reasons said twice (one per dice group) are said once, and a long
 * list folds after its first lines (all of it stays on the page for a screen reader), so the dice box
 * and the main button stay on screen as the step opens.
 */
function Why({ reasons }: { reasons: Reason[] }) {
  const [open, setOpen] = useState(false);
  const seen = new Set<string>();
  const distinct = reasons.filter((r) => {
    const key = `${r.rule}\u0000${r.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (distinct.length === 0) return null;
  // Folded at a whole reason, never mid-line; the folded ones stay in the page (hidden) for a screen reader's "show all".
  const folded = distinct.length > 2 && !open;
  return (
    <div>
      <List size="lg" spacing={4} data-testid="step-why">
        {distinct.map((r, i) => (
          <List.Item key={i} hidden={folded && i >= 2}>
            <Text span fw={600}>
              {r.rule}:
            </Text>{' '}
            {r.detail}
          </List.Item>
        ))}
      </List>
      {distinct.length > 2 && (
        <Button
          variant="subtle"
          size="md"
          px={0}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="step-why-fold"
        >
          {open
            ? 'Show fewer reasons'
            : `Why: ${distinct.length - 2} more ${distinct.length - 2 === 1 ? 'reason' : 'reasons'}`}
        </Button>
      )}
    </div>
  );
}

/** The one Wizard screen: renders whatever step the host says comes next (roll, choose, outcome). */
export function StepPanel({ snapshot, figures, best = null, restore, busy, onAnswer, onRollForMe }: Props) {
  const { step, view } = snapshot;
  const nameOf = (role: 'attacker' | 'defender') => view.sides[role].name;
  // The control Enter answers takes the focus as the step opens (and again when the odds move the
  // suggestion), without scrolling: the page stays at its top, where the step is read.
  const card = useRef<HTMLDivElement>(null);
  const suggestedNow =
    step.kind === 'choose'
      ? ((best !== null && step.options.some((o) => o.id === best)
          ? best
          : step.options.find((o) => o.suggested)?.id) ?? step.options[0]?.id)
      : null;
  useEffect(() => {
    if (step.kind === 'roll') return; // the dice box focuses itself
    const target =
      step.kind === 'choose' ? `[data-testid="option-${CSS.escape(suggestedNow ?? '')}"]` : '[data-testid="continue"]';
    card.current?.querySelector<HTMLElement>(target)?.focus({ preventScroll: true });
  }, [step.id, step.kind, suggestedNow]);

  if (step.kind === 'roll') {
    return (
      <Card
        key={step.id}
        withBorder
        padding="md"
        style={{ overflow: 'visible' }}
        data-testid="step"
        data-step-kind="roll"
        data-step-id={step.id}
      >
        <Stack gap="sm">
          <WhoActs role={step.actor} name={nameOf(step.actor)} kind="roll" also={rollersOf(step)[1]} />
          <Title order={2} size="h3">
            {step.title}
          </Title>
          {/* Many groups of dice: this line says how the roll goes, and each box below its own need. */}
          <RollNeeds step={step} testId="step-needs" atBoxes />
          {/* Keyed by step: a new step starts with an empty entry. The box comes straight after what the
              dice need, so it opens in sight on a laptop too; why they need it follows the box. */}
          <DiceEntry
            key={step.id}
            step={step}
            busy={busy}
            restore={restore}
            onEnter={(dice, typed) =>
              onAnswer({ kind: 'roll', stepId: step.id, dice, by: 'entered', ...(typed ? { typed } : {}) })
            }
            onRollForMe={() => onRollForMe(step.id)}
          />
          <Why reasons={step.why} />
          {/* Notes after the box: what it needs comes first, then the dice, why, and what else to know. */}
          {step.notes.map((note, i) => (
            <Text key={i} size="lg" c="gray.8" data-testid="step-note">
              {note}
            </Text>
          ))}
        </Stack>
      </Card>
    );
  }

  if (step.kind === 'choose') {
    const many = step.options.length > 6;
    // The odds' best option for the chooser, once known, is the one suggested.
    const byOdds = best !== null && step.options.some((o) => o.id === best);
    const options = byOdds ? step.options.map((o) => ({ ...o, suggested: o.id === best })) : step.options;
    // The suggested option takes the focus (see above), so Enter answers as suggested.
    const focusedOption = options.find((o) => o.suggested);
    const pick = (option: string) => onAnswer({ kind: 'choose', stepId: step.id, option });
    return (
      <Card
        key={step.id}
        ref={card}
        withBorder
        padding="md"
        style={{ overflow: 'visible' }}
        data-testid="step"
        data-step-kind="choose"
        data-step-id={step.id}
      >
        <ChooseKeys options={options} disabled={busy} onPick={pick} />
        <Stack gap="sm">
          <WhoActs role={step.actor} name={nameOf(step.actor)} kind="choose" />
          <Title order={2} size="h3">
            {step.title}
          </Title>
          <Stack gap={4} data-testid="step-prompt">
            {step.prompt.split('\n').map((line, i) => (
              <Text
                key={i}
                size={i === 0 ? 'xl' : 'lg'}
                fw={i === 0 ? 500 : undefined}
                style={{ whiteSpace: 'pre-line' }}
              >
                {line}
              </Text>
            ))}
          </Stack>
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
              <Button
                key={option.id}
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                size={many ? 'lg' : 'xl'}
                h="auto"
                py={many ? 'xs' : 'md'}
                px={many ? 'xs' : undefined}
                variant={option.suggested ? 'filled' : 'default'}
                data-suggested={option.suggested === true}
                onClick={() => pick(option.id)}
                disabled={busy}
                data-testid={`option-${option.id}`}
                style={many && option.label.length > 14 ? { gridColumn: '1 / -1' } : undefined}
                styles={{
                  label: { whiteSpace: 'normal', flexDirection: 'column', alignItems: many ? 'center' : 'flex-start' },
                }}
              >
                <span>{option.label}</span>
                {/* The host's exact figure for the state this option leads to (core/analysis/headline.ts). */}
                {figures?.[option.id] && (
                  <Text
                    size="sm"
                    fw={700}
                    c={option.suggested ? 'white' : 'dark'}
                    data-testid={`option-figure-${option.id}`}
                  >
                    {figures[option.id]}
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
            ))}
          </SimpleGrid>
          {/* Many options: the suggested one is also one tap away at the bottom of the screen, wherever it sits in the grid. */}
          {step.options.length > 2 && focusedOption && (
            <Group justify="flex-end" className="cc-step-action">
              <Button
                size="lg"
                variant="light"
                onClick={() => pick(focusedOption.id)}
                disabled={busy}
                data-testid="take-suggested"
                styles={{ label: { whiteSpace: 'normal' } }}
                h="auto"
                py="xs"
              >
                As suggested: {focusedOption.label}
              </Button>
            </Group>
          )}
          {step.options.length > 1 && (
            <Text size="sm" c="dimmed" data-testid="choose-keys">
              Keys: {step.options.length > 9 ? '1–9' : `1–${step.options.length}`} take an option, Enter the highlighted
              one.
            </Text>
          )}
        </Stack>
      </Card>
    );
  }

  const indented = (line: string | undefined) => /^\s{2,}/.test(line ?? '');
  // Lines with reasons set in under them end in a verdict (e.g. "Empire win by 1"): it stands out.
  const verdict = step.lines.some((l) => indented(l)) && !indented(step.lines.at(-1)) ? step.lines.length - 1 : -1;
  return (
    <Card
      key={step.id}
      ref={card}
      withBorder
      padding="md"
      style={{ overflow: 'visible' }}
      data-testid="step"
      data-step-kind="outcome"
      data-step-id={step.id}
    >
      <Stack gap="sm">
        <Group gap="sm" data-testid="who-acts" data-role="both">
          <Badge size="xl" radius="sm" color="dark" variant="outline">
            Both players
          </Badge>
          <Text size="xl" fw={700}>
            {step.final ? 'read the outcome' : 'check this, then continue'}
          </Text>
        </Group>
        <Title order={2} size="h3">
          {step.title}
        </Title>
        <Stack gap={4} data-testid="outcome-lines">
          {step.lines.map((line, i) =>
            // An indented line explains the line above it (a bonus and its reason): shown smaller, set in.
            indented(line) ? (
              <Text key={i} size="lg" c="gray.8" pl="xl" style={{ whiteSpace: 'pre-line' }}>
                {line.trim()}
              </Text>
            ) : i === verdict ? (
              <Text
                key={i}
                size="xl"
                fw={800}
                mt="xs"
                p="sm"
                bd="3px solid var(--mantine-color-dark-6)"
                style={{ borderRadius: 6, whiteSpace: 'pre-line' }}
                data-testid="outcome-verdict"
              >
                {line}
              </Text>
            ) : (
              <Text
                key={i}
                size="xl"
                fw={indented(step.lines[i + 1]) ? 700 : undefined}
                style={{ whiteSpace: 'pre-line' }}
              >
                {line}
              </Text>
            ),
          )}
        </Stack>
        {!step.final && (
          <div className="cc-step-action">
            <Button
              size="xl"
              fullWidth
              onClick={() => onAnswer({ kind: 'continue', stepId: step.id })}
              loading={busy}
              data-testid="continue"
            >
              Continue
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
