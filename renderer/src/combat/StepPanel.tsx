import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { CombatSnapshot } from '../../../core/api/channels/combat';
import type { Input } from '../../../core/api/view';
import { ChooseStepCard } from './ChooseStepCard';
import { DiceEntry, type RestoredDice } from './DiceEntry';
import { OutcomeStepCard } from './OutcomeStepCard';
import { RollNeeds } from './RollNeeds';
import { StepCard } from './StepCard';
import { Why } from './StepWhy';
import { rollersOf, WhoActs } from './WhoActs';
import type { OptionFigures } from './useCombatOdds';

interface Props {
  snapshot: CombatSnapshot;
  /** At a choose step: each option's figures if it is taken (the round's, the fight's), once the host has worked them out. */
  figures?: Readonly<Record<string, OptionFigures>>;
  /** At a choose step whose options all leave the same chance to win the fight: that, in words. */
  note?: string | null;
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

/** The one Wizard screen: renders whatever step the host says comes next (roll, choose, outcome). */
export function StepPanel({ snapshot, figures, best = null, note, restore, busy, onAnswer, onRollForMe }: Props) {
  const { step, view } = snapshot;
  const nameOf = (role: 'attacker' | 'defender') => view.sides[role].name;
  // The control Enter answers takes the focus as the step opens (and again when the odds move the
  // suggestion), without scrolling: the page stays at its top, where the step is read.
  const card = useRef<HTMLDivElement>(null);
  const suggestedNow =
    step.kind === 'choose'
      ? ((best !== null && step.options.some((o) => o.id === best)
          ? best
          : step.options.find((o) => o.suggested && o.pause === undefined)?.id) ??
        step.options.find((o) => o.pause === undefined)?.id)
      : null;
  useEffect(() => {
    if (step.kind === 'roll') return; // the dice box focuses itself
    const target =
      step.kind === 'choose' ? `[data-testid="option-${CSS.escape(suggestedNow ?? '')}"]` : '[data-testid="continue"]';
    card.current?.querySelector<HTMLElement>(target)?.focus({ preventScroll: true });
  }, [step.id, step.kind, suggestedNow]);

  // Keyed by step: a new step starts afresh (an empty dice entry, the reasons folded).
  if (step.kind === 'roll')
    return (
      <RollStepCard
        key={step.id}
        step={step}
        name={nameOf(step.actor)}
        restore={restore}
        busy={busy}
        onAnswer={onAnswer}
        onRollForMe={onRollForMe}
      />
    );
  if (step.kind === 'choose')
    return (
      <ChooseStepCard
        key={step.id}
        step={step}
        name={nameOf(step.actor)}
        figures={figures}
        best={best}
        note={note}
        busy={busy}
        onAnswer={onAnswer}
        cardRef={card}
      />
    );
  return <OutcomeStepCard key={step.id} step={step} busy={busy} onAnswer={onAnswer} cardRef={card} />;
}

/** A roll step: who rolls, what the dice need, the dice entry, why, and what else to know. */
function RollStepCard({
  step,
  name,
  restore,
  busy,
  onAnswer,
  onRollForMe,
}: Pick<Props, 'restore' | 'busy' | 'onAnswer' | 'onRollForMe'> & {
  step: Extract<CombatSnapshot['step'], { kind: 'roll' }>;
  name: string;
}) {
  return (
    <StepCard
      step={step}
      gap="sm"
      who={<WhoActs role={step.actor} name={name} kind="roll" also={rollersOf(step)[1]} />}
    >
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
    </StepCard>
  );
}
