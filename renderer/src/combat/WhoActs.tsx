import { Badge, Group, Text } from '@mantine/core';
import type { Role, RollStep } from '../../../core/api/view';

export const roleColor: Record<Role, string> = { attacker: 'red', defender: 'blue' };
/** What the side does, in words that need no verb to agree with its name ("Orcs: your roll", "Orks: your choice"). */
export const turnWords = { roll: 'your roll', choose: 'your choice', outcome: 'read on' } as const;
const roleWord = (role: Role) => (role === 'attacker' ? 'Attacker' : 'Defender');

/** The players who roll a step's dice: its actor, and the other player too where some of its dice groups are theirs. */
export function rollersOf(step: RollStep): Role[] {
  const rollers = new Set<Role>([step.actor, ...(step.groups ?? []).map((g) => g.roller ?? step.actor)]);
  return [step.actor, ...[...rollers].filter((r) => r !== step.actor)];
}

/**
 * The loudest thing on the screen: whose turn it is to act, and what they do. Where both players
 * roll in one step (an attack rolled through to the other side's saves), both badges and "Both
 * players roll" — one short line, so the first dice box stays in sight; each box says whose dice.
 */
export function WhoActs({
  role,
  name,
  kind,
  also,
}: {
  role: Role;
  name: string;
  kind: keyof typeof turnWords;
  also?: Role | undefined;
}) {
  return (
    <Group gap="sm" data-testid="who-acts" data-role={role} data-both={also ? 'true' : undefined}>
      <Badge size="xl" radius="sm" color={roleColor[role]} variant="filled">
        {roleWord(role)}
      </Badge>
      {also && (
        <Badge size="xl" radius="sm" color={roleColor[also]} variant="filled">
          {roleWord(also)}
        </Badge>
      )}
      <Text size="xl" fw={700}>
        {also ? 'Both players roll' : `${name}: ${turnWords[kind]}`}
      </Text>
    </Group>
  );
}
