import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { UnitView } from '../../../core/combat/view';

/** The units in the combat with each model's wounds left: always in sight while rolling. */
export function UnitPanel({ title, units, color }: { title: string; units: UnitView[]; color: string }) {
  return (
    <Card withBorder padding="md" data-testid={`units-${title.toLowerCase()}`}>
      <Stack gap="xs">
        <Title order={3}>{title}</Title>
        {units.map((unit) => {
          const alive = unit.models.filter((m) => !m.destroyed).length;
          return (
            <Stack key={unit.name} gap={6}>
              <Text fw={700} size="lg">
                {unit.name} — {alive} of {unit.models.length} models left
              </Text>
              {unit.models.map((m) => (
                <Group key={m.id} gap="xs" wrap="nowrap" opacity={m.destroyed ? 0.45 : 1} data-testid={`model-${m.id}`} data-destroyed={m.destroyed}>
                  <Text miw={110} style={{ flex: 1 }} td={m.destroyed ? 'line-through' : undefined}>
                    {m.name}
                    {m.destroyed && (
                      <Badge ml={6} color="gray" size="sm">
                        destroyed
                      </Badge>
                    )}
                  </Text>
                  <Progress value={(100 * m.woundsLeft) / Math.max(1, m.wounds)} color={color} w={70} size="lg" aria-hidden />
                  <Text w={44} ff="monospace" data-testid={`wounds-${m.id}`}>
                    {m.woundsLeft}/{m.wounds}
                  </Text>
                  <Text size="sm" c="gray.7" w={150} style={{ whiteSpace: 'normal' }}>
                    {m.tags.join(' · ')}
                  </Text>
                </Group>
              ))}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
