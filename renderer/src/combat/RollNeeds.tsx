import { Stack, Text, type TextProps } from '@mantine/core';
import type { DiceGroup, RollStep } from '../../../core/api/view';
import { criticalFrom, groupNeed, needsAtBoxes, rollSummary } from './needsWords';

const critical = (on: number | undefined) => (on === undefined ? null : <> · critical on {criticalFrom(on)}</>);

/**
 * "Roll 10 D6 — needs 3+ · critical on a 6": what a roll step asks, as the wizard and the replay
 * show it. A step taking several kinds of dice at once lists each: "Roll 1 D3 (Damage (D3)) and
 * 3 D6 (Feel No Pain 5+ — needs 5+)". With `atBoxes`, a step whose needs go to its dice boxes
 * (needsAtBoxes: dice rolled one after another, or many groups) says here only how the roll goes,
 * in one short line, so the first box opens in sight on a laptop; each box then says its own need.
 */
export function RollNeeds({ step, testId, atBoxes = false }: { step: RollStep; testId?: string; atBoxes?: boolean }) {
  if (atBoxes && needsAtBoxes(step)) return <RollSummaryLine groups={step.groups!} testId={testId} />;
  // An attack rolled through (to hit, then to wound for each hit…): one line a kind of dice, in order.
  if (step.groups && step.groups.some((g) => g.per)) {
    return (
      <Stack gap={2} data-testid={testId}>
        {step.groups.map((g) => (
          <GroupNeedLine key={g.id} group={g} count={g.per ? null : g.count} halve={false} size="lg" />
        ))}
      </Stack>
    );
  }
  if (step.groups && step.groups.length > 0) {
    return (
      <Text size="xl" data-testid={testId}>
        Roll{' '}
        {step.groups.map((g, i) => (
          <span key={g.id}>
            {i > 0 && (i === step.groups!.length - 1 ? ' and ' : ', ')}
            <b>{g.count}</b> D{g.sides} for {g.label}
            {g.passOn !== undefined && (
              <>
                {' '}
                (needs <b>{g.needs}</b>
                {critical(g.criticalOn)})
              </>
            )}
          </span>
        ))}
      </Text>
    );
  }
  return (
    <Text size="xl" data-testid={testId}>
      Roll <b>{step.count}</b> D{step.sides}
      {step.needs ? (
        <>
          {' '}
          — needs <b>{step.needs}</b>
        </>
      ) : null}
      {critical(step.criticalOn)}
    </Text>
  );
}

/**
 * "Roll 10 D6 first in 3 boxes, then a D6 per hit, then a D6 per wound — 3 kinds of dice": how a
 * long roll goes, in one line above its boxes (each box says what its own dice need).
 */
function RollSummaryLine({ groups, testId }: { groups: DiceGroup[]; testId: string | undefined }) {
  const { first, firstBoxes, then, kinds, boxes } = rollSummary(groups);
  const inBoxes = firstBoxes > 1 ? ` in ${firstBoxes} boxes` : '';
  return (
    <Text size="lg" data-testid={testId} data-kinds={kinds} data-boxes={boxes}>
      Roll <b>{first}</b>
      {then.length > 0 ? ' first' : ''}
      {inBoxes}
      {then.map((t, i) => (
        <span key={i}>
          , then <b>{t}</b>
        </span>
      ))}
      {then.length > 0 ? ` — ${kinds} kinds of dice` : ''}
    </Text>
  );
}

/**
 * One group's need, as its dice box shows it: "Roll 3 D6 for Baron to hit Captain — needs 3+", or
 * while the dice it follows are not in, "then a D6 per hit for Baron to wound Captain — needs 3+".
 */
export function GroupNeedLine({
  group,
  count,
  halve,
  testId,
  after,
  inLabel = false,
  ...text
}: {
  group: DiceGroup;
  count: number | null;
  halve: boolean;
  testId?: string | undefined;
  after?: string;
  inLabel?: boolean;
} & TextProps) {
  const need = groupNeed(group, count, halve);
  return (
    // Inside a box's label it is a span (a label holds no paragraph), still set on a line of its own.
    <Text {...text} {...(inLabel ? { component: 'span' as const, display: 'block' } : {})} data-testid={testId}>
      {need.lead} <b>{need.dice}</b> for {need.label}
      {need.needs !== null && (
        <>
          {' '}
          — needs <b>{need.needs}</b>
          {need.critical !== null && <> · critical on {need.critical}</>}
        </>
      )}
      {after}
    </Text>
  );
}
