import { Badge, Box, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ModelView, UnitView } from '../../../core/api/view';
import { ModelGroups } from './ModelGroups';
import { RankDiagram, RankLegend } from './RankDiagram';

function ModelRow({ m, color }: { m: ModelView; color: string }) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      bg={m.destroyed ? 'gray.1' : undefined}
      data-testid={`model-${m.id}`}
      data-destroyed={m.destroyed}
    >
      <Text component="div" miw={110} style={{ flex: 1 }} td={m.destroyed ? 'line-through' : undefined}>
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

/**
 * One health pool of a ranked unit — its rank and file together, or one character — as a bar and
 * what is left of it, with the profile under it in full width (it wraps on a tablet). A destroyed
 * one is struck through on a grey ground, never faded: its words keep their contrast.
 */
function PoolRow({
  name,
  left,
  total,
  each,
  tags,
  color,
  destroyed,
  testId,
}: {
  name: string;
  left: number;
  total: number;
  each: number;
  tags: string[];
  color: string;
  destroyed: boolean;
  testId: string;
}) {
  return (
    <Stack gap={0} bg={destroyed ? 'gray.1' : undefined} data-testid={testId} data-destroyed={destroyed}>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} miw={110} style={{ flex: 1 }} td={destroyed ? 'line-through' : undefined}>
          {name}
          {each > 1 && total !== each && (
            <Text span size="sm" fw={400} c="gray.7">
              {' '}
              ({each} each)
            </Text>
          )}
          {destroyed && (
            <Badge ml={6} color="gray" size="sm">
              destroyed
            </Badge>
          )}
        </Text>
        <Progress value={(100 * left) / Math.max(1, total)} color={color} w={90} size="lg" aria-hidden />
        <Text ff="monospace" miw={56} ta="right" data-testid={`${testId}-left`}>
          {left}/{total}
        </Text>
      </Group>
      <Text size="sm" c="gray.7">
        {tags.join(' · ')}
      </Text>
    </Stack>
  );
}

/**
 * A ranked unit: its rank diagram, then each health pool with what is left of it — the rank and
 * file together (the casualties come off the rear, so what they have left is their sum), then
 * each character on his own.
 */
function RankedUnit({
  unit,
  color,
}: {
  unit: UnitView & { formation: NonNullable<UnitView['formation']> };
  color: string;
}) {
  const characters = unit.models.filter((m) => m.character);
  const troops = unit.models.filter((m) => !m.character);
  const first = troops[0];
  return (
    <Stack gap={6} data-testid={`unit-${unit.name}`}>
      <RankDiagram unit={unit} formation={unit.formation} />
      <Notes notes={unit.notes} testId={`unit-notes-${unit.name}`} />
      {first && (
        <PoolRow
          name="Rank and file"
          left={troops.reduce((sum, m) => sum + m.woundsLeft, 0)}
          total={troops.reduce((sum, m) => sum + m.wounds, 0)}
          each={first.wounds}
          tags={first.tags}
          color={color}
          destroyed={troops.every((m) => m.destroyed)}
          testId={`pool-${unit.name}`}
        />
      )}
      {characters.map((m) => (
        <PoolRow
          key={m.id}
          name={m.name}
          left={m.woundsLeft}
          total={m.wounds}
          each={m.wounds}
          tags={m.tags}
          color={color}
          destroyed={m.destroyed}
          testId={`model-${m.id}`}
        />
      ))}
    </Stack>
  );
}

/** Facts the host gives about a unit or a side ("in base contact", "Broken", "2 Blast markers"), as words beside its name. */
export function Notes({ notes, testId }: { notes: readonly string[] | undefined; testId: string }) {
  if (!notes || notes.length === 0) return null;
  return (
    <Group gap={6} data-testid={testId}>
      {notes.map((n) => (
        <Badge key={n} variant="outline" color="dark" size="lg" tt="none" fw={500}>
          {n}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A unit as one line — how many models stand, who is wounded — with its models folded under a
 * button: a list of 30 models would push the odds and the log far down a tablet's screen. The
 * models stay in the page while folded (a screen reader and a search find them).
 */
function FoldedUnit({ unit, color }: { unit: UnitView; color: string }) {
  const [open, setOpen] = useState(false);
  const standing = unit.models.filter((m) => !m.destroyed);
  const wounded = standing.filter((m) => m.woundsLeft < m.wounds);
  const models = `unit-models-${unit.name}`;
  return (
    <Stack gap={6} data-testid={`unit-${unit.name}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg" data-testid={`unit-summary-${unit.name}`}>
          {unit.name} — {standing.length} of {unit.models.length} {unit.models.length === 1 ? 'model' : 'models'} left
          {wounded.length > 0 && (
            <Text span fw={400}>
              {' '}
              · wounded: {wounded.map((m) => `${m.name} ${m.woundsLeft}/${m.wounds}`).join(', ')}
            </Text>
          )}
        </Text>
        {unit.models.length > 0 && (
          <Button
            variant="subtle"
            size="md"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={models}
            data-testid={`unit-fold-${unit.name}`}
            style={{ flexShrink: 0 }}
          >
            {open ? 'Hide models' : 'Show models'}
          </Button>
        )}
      </Group>
      <Notes notes={unit.notes} testId={`unit-notes-${unit.name}`} />
      <Box id={models} style={open ? undefined : { display: 'none' }}>
        {/* Groups of identical models (a mixed unit) are drawn together, their profile once. */}
        {unit.models.some((m) => m.group) ? (
          <ModelGroups models={unit.models} />
        ) : (
          unit.models.map((m) => <ModelRow key={m.id} m={m} color={color} />)
        )}
      </Box>
    </Stack>
  );
}

/** The units in the combat with each model's wounds left: always in sight while rolling. */
export function UnitPanel({
  title,
  units,
  color,
  legend = true,
  notes,
}: {
  title: string;
  units: UnitView[];
  color: string;
  legend?: boolean;
  notes?: readonly string[];
}) {
  const rankRule = units.find((u) => u.formation)?.formation?.rankRule;
  return (
    <Card
      withBorder
      padding="md"
      data-testid={`units-${title.toLowerCase()}`}
      style={rankRule !== undefined ? { borderTop: `6px solid var(--mantine-color-${color}-6)` } : undefined}
    >
      <Stack gap="xs">
        <Title order={3}>{title}</Title>
        <Notes notes={notes} testId={`side-notes-${title.toLowerCase()}`} />
        {units.map((unit, i) =>
          unit.formation ? (
            <RankedUnit key={`${i}-${unit.name}`} unit={{ ...unit, formation: unit.formation }} color={color} />
          ) : (
            <FoldedUnit key={`${i}-${unit.name}`} unit={unit} color={color} />
          ),
        )}
        {rankRule !== undefined && legend && <RankLegend rankRule={rankRule} />}
      </Stack>
    </Card>
  );
}
