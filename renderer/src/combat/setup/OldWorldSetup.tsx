import { PickedRostersProvider, usePickedRosterIds } from './pickedRosters';
import { Card, Checkbox, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from '../../api/ClientContext';
import { HostError, unwrap } from '../../api/hostQuery';
import { fieldErrors } from './fieldErrors';
import { defaultForm, errorUnder, numIn, toSetup, type Role, type SetupForm, type SideForm } from './oldWorld/form';
import { retarget, SideCard } from './oldWorld/SideCard';
import { SetupFooter } from './SetupFooter';

/** Every character of a side, as "unit.character" options for the challenge. */
const challengers = (side: SideForm) =>
  side.units.flatMap((u, unit) => u.characters.map((c, character) => ({ value: `${unit}.${character}`, label: `${c.name || `Character ${character + 1}`} (${u.name || `unit ${unit + 1}`})` })));

/**
 * Quick entry of an "old world" close combat (Warhammer Fantasy Battle 6th edition, RULES §3):
 * both sides with their units, characters, command and special rules, who fights whom in which
 * facing, an optional challenge, and the round the combat is at. Prefilled with a typical charge.
 */
export function OldWorldSetup() {
  const client = useClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<SetupForm>(defaultForm);
  const [seed, setSeed] = useState<number | ''>('');
  const [rosterIds, recordRoster] = usePickedRosterIds();
  const start = useMutation({
    mutationFn: async () => unwrap(await client.combatStart({ system: 'old-world', setup: toSetup(form), ...(seed === '' ? {} : { seed }), rosterIds })),
    onSuccess: (snapshot) => navigate(`/combat/play/${snapshot.id}`),
  });
  const errors = fieldErrors(start.error instanceof HostError ? start.error.error : undefined);
  const other = (r: Role): Role => (r === 'attacker' ? 'defender' : 'attacker');
  const setSide = (role: Role, side: SideForm) => setForm((f) => ({ ...f, [role]: side }));
  const unitRemoved = (role: Role, index: number) => setForm((f) => ({ ...f, [other(role)]: retarget(f[other(role)], index), challenge: { ...f.challenge, [role]: null } }));
  const options = { attacker: challengers(form.attacker), defender: challengers(form.defender) };

  return (
    <PickedRostersProvider value={recordRoster}>
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Old world close combat — set up the fight</Title>
      <Text size="lg" c="gray.7">
        Warhammer Fantasy Battle 6th edition (RULES §3). Prefilled with a typical charge: change the names and the numbers that differ. Armour 5 means 5+; Strength includes the close
        combat weapon.
      </Text>

      {(['attacker', 'defender'] as const).map((role) => (
        <SideCard
          key={role}
          role={role}
          side={form[role]}
          enemies={form[other(role)].units.map((u) => ({ name: u.name, characters: u.characters.map((c) => c.name) }))}
          onChange={(side) => setSide(role, side)}
          onUnitRemoved={(i) => unitRemoved(role, i)}
          errors={errors}
        />
      ))}

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2}>The fight</Title>
          <Checkbox
            size="lg"
            label="A challenge is fought (one character each side)"
            checked={form.challenge.on}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setForm((f) => ({ ...f, challenge: { on, attacker: f.challenge.attacker ?? options.attacker[0]?.value ?? null, defender: f.challenge.defender ?? options.defender[0]?.value ?? null } }));
            }}
            data-testid="ow-challenge"
          />
          {form.challenge.on && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(['attacker', 'defender'] as const).map((role) => (
                <Select
                  key={role}
                  size="lg"
                  label={`${form[role].name || role}: challenger`}
                  placeholder={options[role].length === 0 ? 'add a character to a unit first' : 'pick a character'}
                  data={options[role]}
                  value={options[role].some((o) => o.value === form.challenge[role]) ? form.challenge[role] : null}
                  onChange={(v) => setForm((f) => ({ ...f, challenge: { ...f.challenge, [role]: v } }))}
                  error={errorUnder(errors, `challenge.${role}`)}
                  data-testid={`ow-challenge.${role}`}
                />
              ))}
            </SimpleGrid>
          )}
          <Checkbox
            size="lg"
            label="Insane courage: a double 1 always passes a break test (RULES §3 choice)"
            checked={form.insaneCourage}
            onChange={(e) => {
              const insaneCourage = e.currentTarget.checked;
              setForm((f) => ({ ...f, insaneCourage }));
            }}
            data-testid="ow-insaneCourage"
          />
          <Group align="flex-start" gap="xl" wrap="wrap">
            <NumberInput
              size="lg"
              w={220}
              label="Starting round"
              description="1 = the charge round"
              min={1}
              max={20}
              value={form.round}
              onChange={(v) => setForm((f) => ({ ...f, round: numIn(v) }))}
              error={errors['round']}
              data-testid="ow-round"
            />
            <Stack gap={4}>
              <Text size="lg" fw={500}>
                Who won the previous round?
              </Text>
              <Text size="sm" c="gray.7">
                strikes first at equal Initiative
              </Text>
              <SegmentedControl
                size="lg"
                value={form.previousWinner ?? 'none'}
                onChange={(v) => setForm((f) => ({ ...f, previousWinner: v === 'none' ? null : (v as Role) }))}
                data={[
                  { value: 'none', label: 'Nobody / a draw' },
                  { value: 'attacker', label: form.attacker.name || 'Attacker' },
                  { value: 'defender', label: form.defender.name || 'Defender' },
                ]}
                data-testid="ow-previousWinner"
              />
              {errors['previousWinner'] && <Text c="red">{errors['previousWinner']}</Text>}
            </Stack>
          </Group>
        </Stack>
      </Card>

      <SetupFooter error={start.error} seed={seed} onSeed={setSeed} seedError={errors['seed']} onStart={() => start.mutate()} starting={start.isPending} />
    </Stack>
    </PickedRostersProvider>
  );
}
