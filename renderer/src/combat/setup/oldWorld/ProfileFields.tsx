import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { TroopType } from '../../../../../core/systems/old-world/setup';
import { numIn, troopTypeOptions, type ProfileForm } from './form';

const stats = [
  ['movement', 'M', 1, 12],
  ['weaponSkill', 'WS', 1, 10],
  ['strength', 'S', 1, 10],
  ['toughness', 'T', 1, 10],
  ['wounds', 'W', 1, 10],
  ['initiative', 'I', 1, 10],
  ['attacks', 'A', 0, 10],
  ['leadership', 'Ld', 1, 10],
] as const;

/**
 * A profile as it fights: M WS S T W I A Ld (Strength with the close combat weapon), the armour
 * and ward saves and the troop type. `path` names the profile in the host's problems
 * ("attacker.units[0].profile"), and each field's test id is `ow-<path>.<field>`.
 */
export function ProfileFields({ value, onChange, path, errors }: { value: ProfileForm; onChange: (patch: Partial<ProfileForm>) => void; path: string; errors: Record<string, string> }) {
  const err = (f: string) => errors[`${path}.${f}`];
  return (
    <>
      <SimpleGrid cols={{ base: 4, sm: 8 }} spacing="xs">
        {stats.map(([key, label, min, max]) => (
          <NumberInput
            key={key}
            size="lg"
            label={label}
            min={min}
            max={max}
            hideControls
            value={value[key]}
            onChange={(v) => onChange({ [key]: numIn(v) })}
            error={err(key)}
            data-testid={`ow-${path}.${key}`}
            styles={{ input: { textAlign: 'center', fontWeight: 700 } }}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <NumberInput
          size="md"
          label="Armour save (+)"
          description="7 = none"
          min={1}
          max={7}
          value={value.armour}
          onChange={(v) => onChange({ armour: numIn(v) })}
          error={err('armour')}
          data-testid={`ow-${path}.armour`}
        />
        <NumberInput
          size="md"
          label="Ward save (+)"
          description="blank = none"
          placeholder="none"
          min={2}
          max={6}
          value={value.ward}
          onChange={(v) => onChange({ ward: numIn(v) })}
          error={err('ward')}
          data-testid={`ow-${path}.ward`}
        />
        <Select
          size="md"
          label="Troop type"
          description="sets the Unit Strength"
          data={troopTypeOptions}
          value={value.troopType}
          onChange={(v) => onChange({ troopType: (v ?? 'infantry') as TroopType })}
          allowDeselect={false}
          error={err('troopType')}
          data-testid={`ow-${path}.troopType`}
        />
      </SimpleGrid>
    </>
  );
}
