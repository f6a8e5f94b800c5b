import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ModelView, UnitView } from '../../../core/combat/view';
import { RankDiagram, RankLegend } from './RankDiagram';

function ModelRow({ m, color }: { m: ModelView; color: string }) {
  return (
    <Group gap="xs" wrap="nowrap" opacity={m.destroyed ? 0.45 : 1} data-testid={`model-${m.id}`} data-destroyed={m.destroyed}>
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
  );
}

/** A ranked unit: its rank diagram, its characters' wounds, and the rank-and-file profile once. */
function RankedUnit({ unit, color }: { unit: UnitView & { formation: NonNullable<UnitView['formation']> }; color: string }) {
  const characters = unit.models.filter((m) => m.character);
  const troops = unit.models.find((m) => !m.character);
  return (
    <Stack gap={6} data-testid={`unit-${unit.name}`}>
      <RankDiagram unit={unit} formation={unit.formation} />
      {troops && (
        <Text size="sm" c="gray.7">
          Rank and file: {troops.tags.join(' · ')}
          {troops.wounds > 1 ? ` · W${troops.wounds}` : ''}
        </Text>
      )}
      {characters.map((m) => (
        <ModelRow key={m.id} m={m} color={color} />
      ))}
    </Stack>
  );
}

/** The units in the combat with each model's wounds left: always in sight while rolling. */
export function UnitPanel({ title, units, color, legend = true }: { title: string; units: UnitView[]; color: string; legend?: boolean }) {
  const rankRule = units.find((u) => u.formation)?.formation?.rankRule;
  return (
    <Card withBorder padding="md" data-testid={`units-${title.toLowerCase()}`} style={rankRule !== undefined ? { borderTop: `6px solid var(--mantine-color-${color}-6)` } : undefined}>
      <Stack gap="xs">
        <Title order={3}>{title}</Title>
        {units.map((unit, i) =>
          unit.formation ? (
            <RankedUnit key={`${i}-${unit.name}`} unit={{ ...unit, formation: unit.formation }} color={color} />
          ) : (
            <Stack key={`${i}-${unit.name}`} gap={6}>
              <Text fw={700} size="lg">
                {unit.name} — {unit.models.filter((m) => !m.destroyed).length} of {unit.models.length} models left
              </Text>
              {unit.models.map((m) => (
                <ModelRow key={m.id} m={m} color={color} />
              ))}
            </Stack>
          ),
        )}
        {rankRule !== undefined && legend && <RankLegend rankRule={rankRule} />}
      </Stack>
    </Card>
  );
}
