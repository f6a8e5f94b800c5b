import { PickedRostersProvider, usePickedRosterIds } from './pickedRosters';
import { ActionIcon, Button, Card, Checkbox, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ModelGroup, SetupInput, WeaponInput } from '../../../../core/systems/wh40k-10e/profiles';
import { useClient } from '../../api/ClientContext';
import { HostError, unwrap } from '../../api/hostQuery';
import { fieldErrors } from './fieldErrors';
import { RosterPicker } from './RosterPicker';
import { SetupFooter } from './SetupFooter';

type ModelInput = Partial<ModelGroup> & { count: number; toughness: number; save: number; wounds: number };
type Form = { attacker: SetupInput['attacker'] & { weapons: WeaponInput[] }; defender: { name: string; keywords: string[]; cover: boolean; models: ModelInput[] } };

const newWeapon = (): WeaponInput => ({ name: '', models: 1, attacks: '1', skill: 3, strength: 4, ap: 0, damage: '1', hitReroll: 'none', woundReroll: 'none', abilities: {} });
const newModels = (): ModelInput => ({ name: '', count: 5, toughness: 4, save: 3, wounds: 1, invulnerable: null, feelNoPain: null, character: false });

const rerolls = [
  { value: 'none', label: 'No re-roll' },
  { value: 'ones', label: 'Re-roll 1s' },
  { value: 'failed', label: 'Re-roll failed' },
  { value: 'all', label: 'Re-roll any' },
];
const flagAbilities = [
  ['lethalHits', 'Lethal Hits'],
  ['devastatingWounds', 'Devastating Wounds'],
  ['twinLinked', 'Twin-linked'],
  ['torrent', 'Torrent'],
  ['blast', 'Blast'],
  ['lance', 'Lance'],
  ['heavy', 'Heavy'],
  ['ignoresCover', 'Ignores Cover'],
  ['precision', 'Precision'],
  ['hazardous', 'Hazardous'],
] as const;

const num = (v: string | number, fallback = 0) => (typeof v === 'number' ? v : Number(v) || fallback);
const optionalNum = (v: string | number) => (v === '' ? null : num(v));

/** Quick entry of one attacking unit's weapons and the target unit (40k 10th edition). */
export function Wh40k10eSetup() {
  const client = useClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({
    attacker: { name: '', weapons: [newWeapon()], ranged: true, charged: false, remainedStationary: false, halfRange: false },
    defender: { name: '', keywords: [], cover: false, models: [newModels()] },
  });
  const [seed, setSeed] = useState<number | ''>('');
  const [rosterIds, recordRoster] = usePickedRosterIds();
  const start = useMutation({
    mutationFn: async () =>
      unwrap(await client.combatStart({ system: 'wh40k-10e', setup: { system: 'wh40k-10e', ...form }, ...(seed === '' ? {} : { seed }), rosterIds })),
    onSuccess: (snapshot) => navigate(`/combat/play/${snapshot.id}`),
  });
  const errors = fieldErrors(start.error instanceof HostError ? start.error.error : undefined);
  const err = (path: string) => errors[path];

  const setAttacker = (patch: Partial<Form['attacker']>) => setForm((f) => ({ ...f, attacker: { ...f.attacker, ...patch } }));
  const setDefender = (patch: Partial<Form['defender']>) => setForm((f) => ({ ...f, defender: { ...f.defender, ...patch } }));
  const setWeapon = (i: number, patch: Partial<WeaponInput>) => setAttacker({ weapons: form.attacker.weapons.map((w, j) => (j === i ? { ...w, ...patch } : w)) });
  const setAbility = (i: number, patch: Record<string, unknown>) => setWeapon(i, { abilities: { ...form.attacker.weapons[i]!.abilities, ...patch } });
  const setModel = (i: number, patch: Partial<ModelInput>) => setDefender({ models: form.defender.models.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  const skillLabel = form.attacker.ranged ? 'BS' : 'WS';

  return (
    <PickedRostersProvider value={recordRoster}>
    <Stack gap="lg" maw={1100}>
      <Title order={1}>40k 10th edition — set up the attack</Title>
      <Text size="lg" c="gray.7">
        One attacking unit's weapons against one target unit. Numbers are as on the datasheet: BS/WS 3 means 3+, Sv 3 means 3+.
      </Text>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2}>Attacker</Title>
            <RosterPicker
              system="wh40k-10e"
              side="attacker"
              ranged={!!form.attacker.ranged}
              label="Pick the attacker from a roster"
              testId="pick-attacker"
              onPick={(filled) => {
                const picked = filled as Pick<Form['attacker'], 'name' | 'weapons'>;
                setAttacker({ name: picked.name, weapons: picked.weapons.length > 0 ? picked.weapons : form.attacker.weapons });
              }}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput size="lg" label="Unit name" value={form.attacker.name} onChange={(e) => setAttacker({ name: e.currentTarget.value })} error={err('attacker.name')} data-testid="attacker-name" />
            <SegmentedControl
              size="lg"
              mt="lg"
              value={form.attacker.ranged ? 'ranged' : 'melee'}
              onChange={(v) => setAttacker({ ranged: v === 'ranged' })}
              data={[
                { value: 'ranged', label: 'Shooting (BS)' },
                { value: 'melee', label: 'Fighting (WS)' },
              ]}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox size="lg" label="Charged this turn" checked={!!form.attacker.charged} onChange={(e) => setAttacker({ charged: e.currentTarget.checked })} />
            <Checkbox size="lg" label="Remained stationary" checked={!!form.attacker.remainedStationary} onChange={(e) => setAttacker({ remainedStationary: e.currentTarget.checked })} />
            <Checkbox size="lg" label="Within half range" checked={!!form.attacker.halfRange} onChange={(e) => setAttacker({ halfRange: e.currentTarget.checked })} />
          </Group>

          {form.attacker.weapons.map((w, i) => {
            const at = (f: string) => err(`attacker.weapons[${i}].${f}`);
            const ab = (w.abilities ?? {}) as Record<string, unknown>;
            return (
              <Card key={i} withBorder padding="md" bg="gray.0" data-testid={`weapon-${i}`}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={3}>Weapon {i + 1}</Title>
                    {form.attacker.weapons.length > 1 && (
                      <ActionIcon size="xl" variant="subtle" color="red" aria-label={`Remove weapon ${i + 1}`} onClick={() => setAttacker({ weapons: form.attacker.weapons.filter((_, j) => j !== i) })}>
                        <IconTrash />
                      </ActionIcon>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }}>
                    <TextInput size="md" label="Name" value={w.name} onChange={(e) => setWeapon(i, { name: e.currentTarget.value })} error={at('name')} data-testid={`weapon-${i}-name`} />
                    <NumberInput size="md" label="Models" min={1} value={w.models ?? 1} onChange={(v) => setWeapon(i, { models: num(v, 1) })} error={at('models')} />
                    <TextInput size="md" label="A (each)" value={String(w.attacks)} onChange={(e) => setWeapon(i, { attacks: e.currentTarget.value })} error={at('attacks')} data-testid={`weapon-${i}-attacks`} />
                    <NumberInput size="md" label={`${skillLabel} (+)`} min={2} max={6} value={w.skill} onChange={(v) => setWeapon(i, { skill: num(v) })} error={at('skill')} data-testid={`weapon-${i}-skill`} />
                    <NumberInput size="md" label="S" min={1} value={w.strength} onChange={(v) => setWeapon(i, { strength: num(v) })} error={at('strength')} data-testid={`weapon-${i}-strength`} />
                    <NumberInput size="md" label="AP" max={0} value={w.ap} onChange={(v) => setWeapon(i, { ap: num(v) })} error={at('ap')} data-testid={`weapon-${i}-ap`} />
                    <TextInput size="md" label="D" value={String(w.damage)} onChange={(e) => setWeapon(i, { damage: e.currentTarget.value })} error={at('damage')} data-testid={`weapon-${i}-damage`} />
                    <NumberInput size="md" label="Hit mod" min={-3} max={3} value={w.hitModifier ?? 0} onChange={(v) => setWeapon(i, { hitModifier: num(v) })} error={at('hitModifier')} />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    <NumberInput size="md" label="Wound mod" min={-3} max={3} value={w.woundModifier ?? 0} onChange={(v) => setWeapon(i, { woundModifier: num(v) })} error={at('woundModifier')} />
                    <Select size="md" label="Hit re-roll" data={rerolls} value={w.hitReroll ?? 'none'} onChange={(v) => setWeapon(i, { hitReroll: (v ?? 'none') as WeaponInput['hitReroll'] })} allowDeselect={false} />
                    <Select size="md" label="Wound re-roll" data={rerolls} value={w.woundReroll ?? 'none'} onChange={(v) => setWeapon(i, { woundReroll: (v ?? 'none') as WeaponInput['woundReroll'] })} allowDeselect={false} />
                    <TextInput size="md" label="Sustained Hits X" placeholder="none" value={String(ab['sustainedHits'] ?? '')} onChange={(e) => setAbility(i, { sustainedHits: e.currentTarget.value || null })} error={at('abilities.sustainedHits')} />
                    <TextInput size="md" label="Rapid Fire X" placeholder="none" value={String(ab['rapidFire'] ?? '')} onChange={(e) => setAbility(i, { rapidFire: e.currentTarget.value || null })} error={at('abilities.rapidFire')} />
                    <TextInput size="md" label="Melta X" placeholder="none" value={String(ab['melta'] ?? '')} onChange={(e) => setAbility(i, { melta: e.currentTarget.value || null })} error={at('abilities.melta')} />
                    <TextInput
                      size="md"
                      label="Anti-KEYWORD"
                      placeholder="e.g. infantry"
                      value={(ab['anti'] as { keyword?: string } | null)?.keyword ?? ''}
                      onChange={(e) => setAbility(i, { anti: e.currentTarget.value ? { keyword: e.currentTarget.value, threshold: (ab['anti'] as { threshold?: number } | null)?.threshold ?? 4 } : null })}
                      error={at('abilities.anti.keyword')}
                    />
                    <NumberInput
                      size="md"
                      label="Anti X+"
                      min={2}
                      max={6}
                      disabled={!ab['anti']}
                      value={(ab['anti'] as { threshold?: number } | null)?.threshold ?? 4}
                      onChange={(v) => ab['anti'] && setAbility(i, { anti: { ...(ab['anti'] as object), threshold: num(v, 4) } })}
                      error={at('abilities.anti.threshold')}
                    />
                  </SimpleGrid>
                  <Group gap="lg">
                    {flagAbilities.map(([key, label]) => (
                      <Checkbox key={key} size="md" label={label} checked={!!ab[key]} onChange={(e) => setAbility(i, { [key]: e.currentTarget.checked })} data-testid={`weapon-${i}-${key}`} />
                    ))}
                  </Group>
                </Stack>
              </Card>
            );
          })}
          <Button variant="light" leftSection={<IconPlus />} w="fit-content" onClick={() => setAttacker({ weapons: [...form.attacker.weapons, newWeapon()] })}>
            Add a weapon profile
          </Button>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2}>Target</Title>
            <RosterPicker
              system="wh40k-10e"
              side="defender"
              ranged={!!form.attacker.ranged}
              label="Pick the target from a roster"
              testId="pick-defender"
              onPick={(filled) => setDefender(filled as Pick<Form['defender'], 'name' | 'keywords' | 'models'>)}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput size="lg" label="Unit name" value={form.defender.name} onChange={(e) => setDefender({ name: e.currentTarget.value })} error={err('defender.name')} data-testid="defender-name" />
            <TagsInput size="lg" label="Keywords" placeholder="e.g. infantry, vehicle" value={form.defender.keywords} onChange={(keywords) => setDefender({ keywords })} />
          </SimpleGrid>
          <Checkbox size="lg" label="Has the Benefit of Cover (ranged attacks only)" checked={form.defender.cover} onChange={(e) => setDefender({ cover: e.currentTarget.checked })} />
          {form.defender.models.map((m, i) => {
            const at = (f: string) => err(`defender.models[${i}].${f}`);
            return (
              <Card key={i} withBorder padding="md" bg="gray.0" data-testid={`models-${i}`}>
                <Group justify="space-between" mb="xs">
                  <Title order={3}>Models {i + 1}</Title>
                  {form.defender.models.length > 1 && (
                    <ActionIcon size="xl" variant="subtle" color="red" aria-label={`Remove models ${i + 1}`} onClick={() => setDefender({ models: form.defender.models.filter((_, j) => j !== i) })}>
                      <IconTrash />
                    </ActionIcon>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }}>
                  <TextInput size="md" label="Name" placeholder="e.g. Sergeant" value={m.name ?? ''} onChange={(e) => setModel(i, { name: e.currentTarget.value })} error={at('name')} />
                  <NumberInput size="md" label="How many" min={1} value={m.count} onChange={(v) => setModel(i, { count: num(v, 1) })} error={at('count')} data-testid={`models-${i}-count`} />
                  <NumberInput size="md" label="T" min={1} value={m.toughness} onChange={(v) => setModel(i, { toughness: num(v) })} error={at('toughness')} data-testid={`models-${i}-toughness`} />
                  <NumberInput size="md" label="Sv (+)" min={2} max={7} value={m.save} onChange={(v) => setModel(i, { save: num(v) })} error={at('save')} data-testid={`models-${i}-save`} />
                  <NumberInput size="md" label="Invuln (++)" placeholder="none" min={2} max={6} value={m.invulnerable ?? ''} onChange={(v) => setModel(i, { invulnerable: optionalNum(v) })} error={at('invulnerable')} />
                  <NumberInput size="md" label="W" min={1} value={m.wounds} onChange={(v) => setModel(i, { wounds: num(v, 1) })} error={at('wounds')} data-testid={`models-${i}-wounds`} />
                  <NumberInput size="md" label="FNP (+)" placeholder="none" min={2} max={6} value={m.feelNoPain ?? ''} onChange={(v) => setModel(i, { feelNoPain: optionalNum(v) })} error={at('feelNoPain')} />
                  <TextInput size="md" label="Deadly Demise" placeholder="none" value={String(m.deadlyDemise ?? '')} onChange={(e) => setModel(i, { deadlyDemise: e.currentTarget.value || null })} error={at('deadlyDemise')} />
                </SimpleGrid>
                <Checkbox mt="sm" size="md" label="Character (only Precision attacks reach it while others remain)" checked={!!m.character} onChange={(e) => setModel(i, { character: e.currentTarget.checked })} />
              </Card>
            );
          })}
          <Button variant="light" leftSection={<IconPlus />} w="fit-content" onClick={() => setDefender({ models: [...form.defender.models, newModels()] })}>
            Add models with another profile
          </Button>
        </Stack>
      </Card>

      <SetupFooter error={start.error} seed={seed} onSeed={setSeed} seedError={err('seed')} onStart={() => start.mutate()} starting={start.isPending} />
    </Stack>
    </PickedRostersProvider>
  );
}
