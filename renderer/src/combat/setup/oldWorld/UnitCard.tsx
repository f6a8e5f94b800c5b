import { ActionIcon, Badge, Button, Card, Checkbox, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Facing } from '../../../../../core/systems/old-world/setup';
import { RosterPicker } from '../RosterPicker';
import { ProfileFields } from './ProfileFields';
import { MAX_CHARACTERS, fromRoster, newCharacter, numIn, unitFlags, type CharacterForm, type Role, type UnitForm } from './form';

export interface Enemy {
  name: string;
  characters: string[];
}

interface Props {
  role: Role;
  index: number;
  unit: UnitForm;
  /** The enemy side's units (names and their characters' names), for "fights" and "attacks go to". */
  enemies: Enemy[];
  onChange: (patch: Partial<UnitForm>) => void;
  onRemove?: () => void;
  /** A roster unit was picked (the side's name comes with it). */
  onPicked: (unit: UnitForm, sideName: string | undefined) => void;
  errors: Record<string, string>;
}

/** One unit of a side: the block, its profile, command, characters, what it fights and its special rules. */
export function UnitCard({ role, index, unit, enemies, onChange, onRemove, onPicked, errors }: Props) {
  const path = `${role}.units[${index}]`;
  const err = (f: string) => errors[`${path}.${f}`];
  const setCharacter = (i: number, patch: Partial<CharacterForm>) => onChange({ characters: unit.characters.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const tid = (f: string) => `ow-${path}.${f}`;

  return (
    <Card withBorder padding="md" bg="gray.0" data-testid={`ow-${path}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={3}>{index === 0 ? 'Main unit' : `Flanking unit ${index}`}</Title>
            {unit.charged && (
              <Badge size="lg" color="orange" variant="light">
                charged
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <RosterPicker
              system="old-world"
              side={role}
              label="From roster"
              testId={`${tid('roster')}`}
              onPick={(filled) => {
                const side = filled as { name?: string; units?: Array<Record<string, unknown>> };
                const picked = side.units?.[0];
                if (!picked) return;
                onPicked(fromRoster(unit, picked), side.name);
              }}
            />
            {onRemove && (
              <ActionIcon size="xl" variant="subtle" color="red" aria-label={`Remove ${unit.name || 'this unit'}`} onClick={onRemove}>
                <IconTrash />
              </ActionIcon>
            )}
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <TextInput size="lg" label="Unit name" description="e.g. Halberdiers" value={unit.name} onChange={(e) => onChange({ name: e.currentTarget.value })} error={err('name')} data-testid={tid('name')} />
          <NumberInput size="lg" label="Models" description="rank and file" min={0} max={200} value={unit.models} onChange={(v) => onChange({ models: numIn(v) })} error={err('models')} data-testid={tid('models')} />
          <NumberInput size="lg" label="Rank width" description="models per rank" min={1} max={20} value={unit.rankWidth} onChange={(v) => onChange({ rankWidth: numIn(v) })} error={err('rankWidth')} data-testid={tid('rankWidth')} />
          <NumberInput size="lg" label="Wounds lost" description="already, before this combat" min={0} value={unit.woundsLost} onChange={(v) => onChange({ woundsLost: numIn(v) })} error={err('woundsLost')} data-testid={tid('woundsLost')} />
        </SimpleGrid>

        <ProfileFields value={unit.profile} onChange={(patch) => onChange({ profile: { ...unit.profile, ...patch } })} path={`${path}.profile`} errors={errors} />

        <Group gap="xl">
          <Checkbox size="lg" label="Standard" checked={unit.standard} onChange={(e) => onChange({ standard: e.currentTarget.checked })} data-testid={tid('standard')} />
          <Checkbox size="lg" label="Musician" checked={unit.musician} onChange={(e) => onChange({ musician: e.currentTarget.checked })} data-testid={tid('musician')} />
          <Checkbox size="lg" label="Battle standard" checked={unit.battleStandard} onChange={(e) => onChange({ battleStandard: e.currentTarget.checked })} data-testid={tid('battleStandard')} />
        </Group>

        <Card withBorder padding="sm">
          <Stack gap="xs">
            <Text fw={700} size="lg">
              Fights
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Select
                size="lg"
                label="Enemy unit"
                data={enemies.map((e, j) => ({ value: String(j), label: e.name || `Enemy unit ${j + 1}` }))}
                value={String(unit.target)}
                // A character singled out belongs to the unit fought: a new target starts with its rank and file.
                onChange={(v) => onChange({ target: Number(v ?? 0), attacksAt: null })}
                allowDeselect={false}
                error={err('target')}
                data-testid={tid('target')}
              />
              <Stack gap={4}>
                <Text size="lg" fw={500}>
                  In its
                </Text>
                <SegmentedControl
                  size="lg"
                  value={unit.facing}
                  onChange={(v) => onChange({ facing: v as Facing })}
                  data={[
                    { value: 'front', label: 'Front' },
                    { value: 'flank', label: 'Flank' },
                    { value: 'rear', label: 'Rear' },
                  ]}
                  data-testid={tid('facing')}
                />
              </Stack>
              <NumberInput
                size="lg"
                label="Models in contact"
                placeholder="full front rank"
                description="blank = a full front rank"
                min={0}
                max={20}
                value={unit.inContact}
                onChange={(v) => onChange({ inContact: numIn(v) })}
                error={err('inContact')}
                data-testid={tid('inContact')}
              />
            </SimpleGrid>
            {(enemies[unit.target]?.characters.length ?? 0) > 0 && (
              <Select
                size="lg"
                label="Attacks go to"
                description="Models in base contact with a character may attack him instead (wounds beyond his are lost)."
                data={[
                  { value: 'rank', label: 'The rank and file' },
                  ...(enemies[unit.target]?.characters ?? []).map((name, k) => ({ value: String(k), label: name || `Character ${k + 1}` })),
                ]}
                value={unit.attacksAt === null ? 'rank' : String(unit.attacksAt)}
                onChange={(v) => onChange({ attacksAt: v === null || v === 'rank' ? null : Number(v) })}
                allowDeselect={false}
                error={err('attacksAt')}
                data-testid={tid('attacksAt')}
              />
            )}
          </Stack>
        </Card>

        <Group gap="lg">
          {unitFlags.map(([key, label]) => (
            <Checkbox key={key} size="md" label={label} checked={unit[key]} onChange={(e) => onChange({ [key]: e.currentTarget.checked })} data-testid={tid(key)} />
          ))}
        </Group>

        {unit.characters.map((c, i) => (
          <Card key={i} withBorder padding="sm" data-testid={tid(`characters[${i}]`)}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={700} size="lg">
                  Character {i + 1} (front rank)
                </Text>
                <ActionIcon size="xl" variant="subtle" color="red" aria-label={`Remove character ${c.name || i + 1}`} onClick={() => onChange({ characters: unit.characters.filter((_, j) => j !== i) })}>
                  <IconTrash />
                </ActionIcon>
              </Group>
              <TextInput size="lg" label="Name" placeholder="e.g. Captain" value={c.name} onChange={(e) => setCharacter(i, { name: e.currentTarget.value })} error={err(`characters[${i}].name`)} data-testid={tid(`characters[${i}].name`)} />
              <ProfileFields value={c.profile} onChange={(patch) => setCharacter(i, { profile: { ...c.profile, ...patch } })} path={`${path}.characters[${i}].profile`} errors={errors} />
            </Stack>
          </Card>
        ))}
        {err('characters') && <Text c="red">{err('characters')}</Text>}
        {unit.characters.length < MAX_CHARACTERS && (
          <Button variant="light" size="md" leftSection={<IconPlus />} w="fit-content" onClick={() => onChange({ characters: [...unit.characters, newCharacter()] })} data-testid={tid('addCharacter')}>
            Add a character
          </Button>
        )}
      </Stack>
    </Card>
  );
}
