import { useRecordPickedRoster } from './pickedRosters';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RequestOf } from '../../../../core/api/contract';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClient } from '../../api/ClientContext';
import { useHostQuery } from '../../api/hostQuery';
import { pickerRows, type PickerRow } from './pickerUnits';

/** A set of ranged weapons that fire together (the Pistol rule), as the host names them. */
type WeaponSet = NonNullable<RequestOf<'combat.sideFromRoster'>['weaponSet']>;

/** What was picked, for the setup screen to say: the unit, its roster and the conversion's notes. */
export interface PickedUnit {
  unit: string;
  roster: string;
  /** What the host's conversion chose that the player may want to check (the first of several melee weapons…). */
  notes: string[];
}

type PickableUnit = { id: string; rosterId: string; name: string };
/** A unit with a choice of weapons that fire together (the Pistol rule): the sets, while the player picks one. */
type WeaponSetChoice = { unit: PickableUnit; sets: Array<{ id: WeaponSet; label: string; selected: boolean }> };

interface PickerProps {
  system: string;
  side: 'attacker' | 'defender';
  /** Shooting or fighting weapons, where the system's setup asks which (a setup field says). */
  ranged?: boolean;
  /** Where the button sits: the layout's "Pick from roster" rule (`at`) and the part's path. */
  fill: { at: string; path: string };
  /** The setup as it stands, sent with the request. */
  setup: () => Record<string, unknown>;
  label: string;
  /** Takes the setup as the host filled it and what was picked. */
  onPick: (setup: Record<string, unknown>, picked: PickedUnit) => void;
  testId: string;
}

/**
 * "Pick from roster": choose one of the stored units of this system; the host turns it into the
 * part of the setup the button sits on (`combat.sideFromRoster` with `fill`: the layout's rule and
 * the part's path) and `onPick` receives the whole setup as the host filled it, and what was picked.
 */
export function RosterPicker(props: PickerProps) {
  const { label, testId } = props;
  const client = useClient();
  const [opened, setOpened] = useState(false);
  const [rosterId, setRosterId] = useState<string | null>(null);
  // Asked for when the picker opens, not for every picker on the setup screen.
  const rosters = useHostQuery(['roster.list', 'last-used'], () => client.rosterList({ sort: 'last-used' }), {
    enabled: opened,
  });
  const ofSystem = (rosters.data?.rosters ?? []).filter((r) => r.system === props.system);
  const chosen = rosterId ?? ofSystem[0]?.id ?? null;
  const roster = useHostQuery(
    ['roster.get', chosen],
    () => (chosen ? client.rosterGet({ id: chosen }) : Promise.resolve({ ok: true as const, value: null })),
    { enabled: opened },
  );
  const { pick, problem, choice, done } = useSideFromRoster(props, ofSystem, () => setOpened(false));

  return (
    <>
      <Button
        variant="light"
        size="lg"
        leftSection={<IconBook2 />}
        onClick={() => setOpened(true)}
        data-testid={testId}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={label} size="lg">
        <Stack>
          {rosters.isPending && <Loader />}
          {rosters.isError && <Alert color="red">The rosters cannot be read: {rosters.error.message}</Alert>}
          {rosters.isSuccess && ofSystem.length === 0 && (
            <Alert color="yellow">
              No roster of this system yet. <Link to="/rosters">Create one in Rosters</Link>.
            </Alert>
          )}
          {ofSystem.length > 0 && (
            <Select
              size="lg"
              label="Roster"
              data={ofSystem.map((r) => ({
                value: r.id,
                label: `${r.name} (${r.unitCount} ${r.unitCount === 1 ? 'unit' : 'units'})`,
              }))}
              value={chosen}
              onChange={setRosterId}
              allowDeselect={false}
            />
          )}
          {roster.isError && <Alert color="red">{roster.error.message}</Alert>}
          {problem && <Alert color="red">{problem}</Alert>}
          {roster.data && roster.data.units.length === 0 && <Text>This roster has no units yet.</Text>}
          {choice && <WeaponSets choice={choice} onPick={(set) => void pick(choice.unit, set)} onDone={done} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {pickerRows(roster.data?.units ?? []).map((row) => (
              <PickButton key={row.unit.id} row={row} onPick={() => void pick(row.unit)} />
            ))}
          </SimpleGrid>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * A unit picked: the host fills the part of the setup with it; the setup screen takes it, the
 * roster is remembered with the combat, and a unit with weapon sets to choose from stays open for
 * the choice (the filled side holds one set; the player may take another, never both).
 */
function useSideFromRoster(
  { side, ranged, fill, setup, onPick }: PickerProps,
  ofSystem: ReadonlyArray<{ id: string; name: string }>,
  close: () => void,
) {
  const client = useClient();
  const recordRoster = useRecordPickedRoster();
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<WeaponSetChoice | null>(null);
  const pick = async (unit: PickableUnit, weaponSet?: WeaponSet) => {
    const reply = await client.combatSideFromRoster({
      rosterId: unit.rosterId,
      unitId: unit.id,
      side,
      ...(ranged === undefined ? {} : { ranged }),
      ...(weaponSet ? { weaponSet } : {}),
      fill,
      setup: setup(),
    });
    if (!reply.ok) return setProblem(reply.error.message);
    if (!reply.value.setup) return setProblem('The unit could not be filled into the setup.');
    const rosterName = ofSystem.find((r) => r.id === unit.rosterId)?.name ?? '';
    onPick(reply.value.setup, { unit: unit.name, roster: rosterName, notes: reply.value.notes ?? [] });
    setProblem(null);
    recordRoster?.(unit.rosterId);
    const sets = reply.value.weaponSets ?? [];
    if (sets.length > 1) return setChoice({ unit, sets });
    setChoice(null);
    close();
  };
  const done = () => (setChoice(null), close());
  return { pick, problem, choice, done };
}

/** One unit to pick: its whole name (wrapped, never cut), and its models and points beneath. */
function PickButton({ row, onPick }: { row: PickerRow; onPick: () => void }) {
  return (
    <Button
      variant="default"
      h="auto"
      mih={64}
      py="xs"
      px="md"
      fullWidth
      onClick={onPick}
      data-testid={row.testId}
      // A button's label is one line, cut at its end: here it wraps, so a long name is read whole.
      styles={{
        inner: { justifyContent: 'flex-start' },
        label: { whiteSpace: 'normal', height: 'auto', overflow: 'visible', textAlign: 'left', display: 'block' },
      }}
    >
      <Text
        span
        display="block"
        fw={700}
        size="lg"
        lh={1.25}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="pick-name"
      >
        {row.title}
      </Text>
      {row.detail && (
        <Text span display="block" size="md" fw={400} c="gray.8" data-testid="pick-detail">
          {row.detail}
        </Text>
      )}
    </Button>
  );
}

/** Which of a unit's ranged weapons fire: its Pistols or its other ranged weapons, the one in the setup marked. */
function WeaponSets({
  choice,
  onPick,
  onDone,
}: {
  choice: WeaponSetChoice;
  onPick: (set: WeaponSet) => void;
  onDone: () => void;
}) {
  return (
    <Alert color="blue" title={`${choice.unit.name}: which of its ranged weapons fire?`} data-testid="weapon-sets">
      <Stack gap="sm">
        <Text>
          A model shoots its Pistols or its other ranged weapons, not both. The setup holds the one marked; pick the
          other to change it.
        </Text>
        <Group>
          {choice.sets.map((set) => (
            <Button
              key={set.id}
              size="lg"
              variant={set.selected ? 'filled' : 'default'}
              aria-pressed={set.selected}
              onClick={() => onPick(set.id)}
              data-testid={`weapon-set-${set.id}`}
            >
              {set.label}
            </Button>
          ))}
          <Button size="lg" variant="light" onClick={onDone} data-testid="weapon-sets-done">
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
