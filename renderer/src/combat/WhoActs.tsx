import { Badge, Group, Text } from '@mantine/core';
import type { Role } from '../../../core/combat/steps';

export const roleColor: Record<Role, string> = { attacker: 'red', defender: 'blue' };
const verbs = { roll: 'rolls', choose: 'decides', outcome: 'reads' } as const;

/** The loudest thing on the screen: whose turn it is to act, and what they do. */
export function WhoActs({ role, name, kind }: { role: Role; name: string; kind: keyof typeof verbs }) {
  return (
    <Group gap="sm" data-testid="who-acts" data-role={role}>
      <Badge size="xl" radius="sm" color={roleColor[role]} variant="filled">
        {role === 'attacker' ? 'Attacker' : 'Defender'}
      </Badge>
      <Text size="xl" fw={700}>
        {name} {verbs[kind]}
      </Text>
    </Group>
  );
}
