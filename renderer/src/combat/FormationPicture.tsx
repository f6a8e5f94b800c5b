import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { CombatView, ModelView, Role, UnitView } from '../../../core/api/view';
import {
  BlastMarkers,
  DamageBoxes,
  engagementWords,
  FormationKey,
  Hatching,
  HitPips,
  hitsWords,
  Lane,
} from './formationMarks';
import { Notes } from './UnitPanel';
import { roleColor } from './WhoActs';

/**
 * Both formations of an assault as the host's view gives them (a side whose units say how each is
 * engaged): every unit nearest the enemy first, in a lane showing how it is engaged, the hits it
 * has taken in the assault, a war engine's damage capacity left, and the formation's Blast
 * markers and Broken. It redraws from each new view, so units fall as they die. Black on white:
 * it reads printed, in grey, and at a tablet's width (rows wrap, nothing scrolls sideways).
 */

type Side = CombatView['sides']['attacker'];

export const drawsFormations = (view: CombatView) =>
  [view.sides.attacker, view.sides.defender].some((s) =>
    s.units.some((u) => u.models.some((m) => m.engagement !== undefined)),
  );

export function FormationPictures({ view }: { view: CombatView }) {
  const pattern = `enemy-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <>
      <Hatching id={pattern} />
      <FormationPanel role="attacker" side={view.sides.attacker} pattern={pattern} />
      <FormationPanel role="defender" side={view.sides.defender} pattern={pattern} />
      <Card withBorder padding="sm">
        <FormationKey patternId={pattern} />
      </Card>
    </>
  );
}

function FormationPanel({ role, side, pattern }: { role: Role; side: Side; pattern: string }) {
  const own = side.units.filter((u) => u.models.some((m) => m.engagement !== 'support'));
  const support = side.units.filter((u) => u.models.length > 0 && u.models.every((m) => m.engagement === 'support'));
  // Each unit's place in the formation, counted nearest first across its entries.
  const firsts = own.reduce<number[]>(
    (out, u, i) => [...out, i === 0 ? 1 : out[i - 1]! + own[i - 1]!.models.length],
    [],
  );
  return (
    <Card
      withBorder
      padding="md"
      data-testid={`formation-${role}`}
      style={{ borderTop: `6px solid var(--mantine-color-${roleColor[role]}-6)` }}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Badge size="lg" radius="sm" color={roleColor[role]} variant="filled">
            {role === 'attacker' ? 'Attacker' : 'Defender'}
          </Badge>
          <Title order={3}>{side.name}</Title>
          {side.broken && (
            <Badge size="lg" radius="sm" color="dark" variant="filled" data-testid={`broken-${role}`}>
              Broken
            </Badge>
          )}
        </Group>
        <Group gap="md" wrap="wrap">
          {side.blastMarkers !== undefined && (
            <div data-testid={`blast-markers-${role}`} data-count={side.blastMarkers}>
              <BlastMarkers count={side.blastMarkers} />
            </div>
          )}
        </Group>
        <Notes notes={side.notes} testId={`side-notes-${role}`} />
        <Text size="sm" c="gray.7">
          Nearest the enemy first
        </Text>
        {own.map((unit, i) => (
          <Entry key={`${i}-${unit.name}`} unit={unit} pattern={pattern} first={firsts[i]!} />
        ))}
        {support.length > 0 && (
          <>
            <Text fw={700} mt="xs">
              Supporting fire from other formations (cannot be hit)
            </Text>
            {support.map((unit, i) => (
              <Entry key={`s${i}-${unit.name}`} unit={unit} pattern={pattern} />
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** One entry of the formation ("Boyz ×4"): its values once, then each of its units in its lane. */
function Entry({ unit, pattern, first }: { unit: UnitView; pattern: string; first?: number }) {
  const standing = unit.models.filter((m) => !m.destroyed).length;
  const tags = unit.models[0]?.tags ?? [];
  const wave = (unit.notes ?? []).filter((n) => !n.startsWith('supporting fire'));
  return (
    <Stack gap={4} data-testid={`formation-entry-${unit.name}`}>
      <Group gap={8} wrap="wrap" align="baseline">
        <Text fw={700}>{unit.name}</Text>
        {unit.models.length > 1 && (
          <Text size="sm" fw={700}>
            {standing} of {unit.models.length} left
          </Text>
        )}
        <Text size="sm" c="gray.7">
          {tags.join(' · ')}
        </Text>
      </Group>
      {unit.models.map((m, i) => (
        <UnitRow key={m.id} m={m} n={first === undefined ? null : first + i} pattern={pattern} />
      ))}
      {wave.length > 0 && <Notes notes={wave} testId={`unit-notes-${unit.name}`} />}
    </Stack>
  );
}

function UnitRow({ m, n, pattern }: { m: ModelView; n: number | null; pattern: string }) {
  const engagement = m.engagement ?? 'none';
  const hits = m.hits ?? { taken: 0, saved: 0, pending: 0 };
  const warEngine = m.wounds > 1;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="center"
      pl={4}
      data-testid={`formation-unit-${m.id}`}
      data-engagement={engagement}
      data-destroyed={m.destroyed}
      data-hits-taken={hits.taken}
      data-hits-saved={hits.saved}
      data-dc-left={warEngine ? m.woundsLeft : undefined}
      style={{ opacity: m.destroyed ? 0.6 : 1 }}
    >
      <Text w={24} ta="right" fw={700} c="gray.7" style={{ flex: 'none' }} aria-hidden>
        {n ?? ''}
      </Text>
      <Lane engagement={engagement} destroyed={m.destroyed} patternId={pattern} />
      <Group gap={6} wrap="wrap" align="baseline" style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} td={m.destroyed ? 'line-through' : undefined}>
          {m.name}
        </Text>
        {m.destroyed && (
          <Badge color="dark" variant="outline" size="sm" radius="sm">
            destroyed
          </Badge>
        )}
        <Text size="sm" c="gray.8">
          {engagementWords[engagement]}
          {warEngine ? ` · ${m.woundsLeft} of ${m.wounds} DC left` : ''}
          {m.hits && hits.taken > 0 ? ` · ${hitsWords(hits)}` : ''}
        </Text>
      </Group>
      <Group gap={6} wrap="wrap" justify="flex-end" style={{ flex: 'none', maxWidth: '45%' }}>
        {warEngine && <DamageBoxes wounds={m.wounds} left={m.woundsLeft} />}
        <HitPips {...hits} />
      </Group>
    </Group>
  );
}
