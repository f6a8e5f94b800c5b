import type { Enemy } from './UnitCard';
import { ActionIcon, Badge, Button, Card, Checkbox, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { roleColor } from '../../WhoActs';
import { MAX_NEARBY, MAX_UNITS, newNearby, newUnit, numIn, type NearbyForm, type Role, type SideForm, type UnitForm } from './form';
import { UnitCard } from './UnitCard';

interface Props {
  role: Role;
  side: SideForm;
  /** The other side's unit names. */
  enemies: Enemy[];
  onChange: (side: SideForm) => void;
  /** This side's unit `index` is gone: the other side's targets follow. */
  onUnitRemoved: (index: number) => void;
  errors: Record<string, string>;
}

/** One side of the combat: its name, its units (main unit first, then up to three flankers) and nearby friends that may panic. */
export function SideCard({ role, side, enemies, onChange, onUnitRemoved, errors }: Props) {
  const err = (f: string) => errors[`${role}.${f}`];
  const setUnit = (i: number, patch: Partial<UnitForm>) => onChange({ ...side, units: side.units.map((u, j) => (j === i ? { ...u, ...patch } : u)) });
  const setNearby = (i: number, patch: Partial<NearbyForm>) => onChange({ ...side, nearby: side.nearby.map((n, j) => (j === i ? { ...n, ...patch } : n)) });
  const tid = (f: string) => `ow-${role}.${f}`;

  return (
    <Card withBorder padding="lg" data-testid={`ow-${role}`} style={{ borderTop: `6px solid var(--mantine-color-${roleColor[role]}-6)` }}>
      <Stack gap="md">
        <Group gap="sm">
          <Badge size="xl" radius="sm" color={roleColor[role]}>
            {role === 'attacker' ? 'Attacker' : 'Defender'}
          </Badge>
          <Text size="lg" c="gray.7">
            {role === 'attacker' ? 'the side whose turn it is (usually the chargers)' : 'the side being attacked'}
          </Text>
        </Group>
        <TextInput size="lg" label="Side (player or army)" value={side.name} onChange={(e) => onChange({ ...side, name: e.currentTarget.value })} error={err('name')} data-testid={tid('name')} />

        {side.units.map((unit, i) => (
          <UnitCard
            key={i}
            role={role}
            index={i}
            unit={unit}
            enemies={enemies}
            errors={errors}
            onChange={(patch) => setUnit(i, patch)}
            onPicked={(picked, sideName) => onChange({ ...side, name: i === 0 && sideName ? sideName : side.name, units: side.units.map((u, j) => (j === i ? picked : u)) })}
            onRemove={
              side.units.length > 1
                ? () => {
                    onChange({ ...side, units: side.units.filter((_, j) => j !== i) });
                    onUnitRemoved(i);
                  }
                : undefined
            }
          />
        ))}
        {err('units') && <Text c="red">{err('units')}</Text>}
        {side.units.length < MAX_UNITS && (
          <Button
            variant="light"
            size="md"
            leftSection={<IconPlus />}
            w="fit-content"
            onClick={() => onChange({ ...side, units: [...side.units, newUnit({ name: '', facing: 'flank', models: 5 })] })}
            data-testid={tid('addUnit')}
          >
            Add a flanking unit
          </Button>
        )}

        <Stack gap="xs">
          <Title order={3}>Nearby friendly units</Title>
          <Text c="gray.7">Units outside the combat that take a panic test if one of this side&apos;s units breaks or is destroyed.</Text>
          {side.nearby.map((n, i) => (
            <Group key={i} align="flex-end" gap="xs" wrap="wrap" data-testid={tid(`nearby[${i}]`)}>
              <TextInput size="md" label="Name" value={n.name} onChange={(e) => setNearby(i, { name: e.currentTarget.value })} error={err(`nearby[${i}].name`)} data-testid={tid(`nearby[${i}].name`)} />
              <NumberInput size="md" w={90} label="Ld" min={1} max={10} value={n.leadership} onChange={(v) => setNearby(i, { leadership: numIn(v) })} error={err(`nearby[${i}].leadership`)} data-testid={tid(`nearby[${i}].leadership`)} />
              <NumberInput size="md" w={90} label="M" min={1} max={12} value={n.movement} onChange={(v) => setNearby(i, { movement: numIn(v) })} error={err(`nearby[${i}].movement`)} />
              <Checkbox size="md" mb={10} label="Immune to psychology" checked={n.immuneToPsychology} onChange={(e) => setNearby(i, { immuneToPsychology: e.currentTarget.checked })} />
              <ActionIcon size="xl" variant="subtle" color="red" aria-label={`Remove nearby unit ${n.name || i + 1}`} onClick={() => onChange({ ...side, nearby: side.nearby.filter((_, j) => j !== i) })}>
                <IconTrash />
              </ActionIcon>
            </Group>
          ))}
          {side.nearby.length < MAX_NEARBY && (
            <Button variant="subtle" size="md" leftSection={<IconPlus />} w="fit-content" onClick={() => onChange({ ...side, nearby: [...side.nearby, newNearby()] })} data-testid={tid('addNearby')}>
              Add a nearby unit
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** After the other side lost its unit `removed`, a unit's target index still points at the same enemy (the main unit when its own is gone). */
export const retarget = (side: SideForm, removed: number): SideForm => ({
  ...side,
  // A unit that fought the removed unit now fights the main unit, its rank and file.
  units: side.units.map((u) => (u.target === removed ? { ...u, target: 0, attacksAt: null } : { ...u, target: u.target > removed ? u.target - 1 : u.target })),
});
