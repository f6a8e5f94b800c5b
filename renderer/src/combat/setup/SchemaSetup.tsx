import { Alert, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ResponseOf } from '../../../../core/api/contract';
import { useClient } from '../../api/ClientContext';
import { unwrap, type HostError } from '../../api/hostQuery';
import { FormProvider, relativePath, useRootIf, type FormEnv } from '../../forms/FormContext';
import {
  applyUpdate,
  getAt,
  hintFor,
  humanise,
  initialValue,
  isRecord,
  type Json,
  type JsonSchema,
  labelChain,
  matchesPattern,
  parsePath,
  repairRefs,
  shapeOf,
} from '../../../../core/api/viewForms';
import { ObjectFields } from '../../forms/ObjectFields';
import { bare, errorsByField, hostErrorOf, problemsOf } from '../../forms/problems';
import { roleColor } from '../WhoActs';
import type { RosterFill, SetupLayout } from './layout';
import { PickedRostersProvider, usePickedRosterIds } from './pickedRosters';
import { RosterPicker, type PickedUnit } from './RosterPicker';
import { SetupFight } from './SetupFight';
import { SetupFooter, type SetupProblem } from './SetupFooter';

const sides = ['attacker', 'defender'] as const;

/**
 * The setup screen of any rule system, built from the system's setup schema (combat.setupForm):
 * a card per side, coloured as in the wizard, the setup's other fields in "The fight", then the
 * seed and Start. Starts from the system's typical setup. The system's layout hint adds order,
 * "More" sections, choices of the other side's units by name and "Pick from roster". Every
 * problem the host finds is shown beside its field and listed at the bottom by its labels.
 */
export function SchemaSetup({ system }: { system: string }) {
  const client = useClient();
  const form = useQuery<ResponseOf<'combat.setupForm'>, HostError>({
    queryKey: ['combat.setupForm', system],
    queryFn: async () => unwrap(await client.combatSetupForm({ system })),
    staleTime: Infinity,
    retry: false,
  });
  if (form.isError) {
    const unknown = form.error.error.code === 'invalid_input' && form.error.error.field === 'system';
    return (
      <Alert
        color={unknown ? 'yellow' : 'red'}
        title={unknown ? 'There is no such rule system' : 'This setup cannot be shown'}
      >
        {unknown ? `"${system}" is not one of the systems this version offers.` : form.error.message}
      </Alert>
    );
  }
  if (!form.data) return <Loader aria-label="Loading the setup" />;
  return (
    <SetupEditor
      key={system}
      system={system}
      name={form.data.name}
      schema={form.data.schema as JsonSchema}
      example={form.data.example}
      layout={form.data.layout ?? {}}
    />
  );
}

function SetupEditor({
  system,
  name,
  schema,
  example,
  layout,
}: {
  system: string;
  name: string;
  schema: JsonSchema;
  example: Json;
  layout: SetupLayout;
}) {
  // "Start this combat" from the matchup table opens this screen filled with its two units.
  const given = useLocation().state as { matchup?: { setup: Json; rosterIds: string[] } } | null;
  const { setup, setSetup, setupRef, scope } = useSetupValue(schema, given?.matchup?.setup ?? example, layout);
  const [seed, setSeed] = useState<number | ''>('');
  const [rosterIds, recordRoster] = usePickedRosterIds(given?.matchup?.rosterIds);
  // What each "From roster" filled, by the part's path, while the player may want to check it.
  const [picked, setPicked] = useState<Record<string, PickedUnit>>({});
  const start = useStartCombat(system, setup, seed, rosterIds);
  const errors = useMemo(() => errorsByField(start.error), [start.error]);
  const { roster, env } = useSetupContexts({ system, layout, schema, errors, scope, setupRef, setSetup, setPicked });
  const properties = shapeOf(schema).inner.properties ?? {};
  const value = isRecord(setup) ? setup : {};
  const problems: SetupProblem[] = problemsOf(hostErrorOf(start.error)).map((p) => ({
    field: p.field,
    words: fieldInWords(schema, setup, p.field, (path) => hintFor(scope.hints, path).inline === true),
    message: bare(p),
  }));
  const unpick = (path: string) =>
    setPicked((now) => Object.fromEntries(Object.entries(now).filter(([p]) => p !== path)));

  return (
    <PickedRostersProvider value={recordRoster}>
      <Roster.Provider value={roster}>
        <FormProvider env={env} value={setup}>
          <Stack gap="lg" maw={1100}>
            <SetupHeader system={system} title={layout.title ?? `${name} — set up the combat`} intro={layout.intro} />
            {sides.map((side) => {
              const node = properties[side];
              if (!node) return null;
              const note = layout.sideNotes?.[side] ?? node.description;
              return (
                <SideCard
                  key={side}
                  side={side}
                  node={node}
                  note={note}
                  value={value[side]}
                  picked={picked}
                  onUnpick={unpick}
                />
              );
            })}
            <RestCard schema={schema} setup={setup} title={layout.restTitle ?? 'The fight'} />
            <SetupFight system={system} setup={setup} />
            <SetupFooter
              problems={start.error ? problems : []}
              failed={start.error}
              seed={seed}
              onSeed={setSeed}
              seedError={errors['seed']}
              onStart={() => start.mutate()}
              starting={start.isPending}
            />
          </Stack>
        </FormProvider>
      </Roster.Provider>
    </PickedRostersProvider>
  );
}

/** The setup's title, "Compare with…" (the matchup table of two rosters of this game) and the system's intro. */
function SetupHeader({ system, title, intro }: { system: string; title: string; intro: string | undefined }) {
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{title}</Title>
        <Button
          component={Link}
          to={`/matchups?system=${encodeURIComponent(system)}`}
          variant="default"
          size="md"
          data-testid="compare-rosters"
        >
          Compare with…
        </Button>
      </Group>
      {intro && (
        <Text size="lg" c="gray.7">
          {intro}
        </Text>
      )}
    </>
  );
}

/** What the form's fields and the "Pick from roster" buttons read: the setup's edits and the roster fills, each in one place. */
function useSetupContexts({
  system,
  layout,
  schema,
  errors,
  scope,
  setupRef,
  setSetup,
  setPicked,
}: {
  system: string;
  layout: SetupLayout;
  schema: JsonSchema;
  errors: Record<string, string>;
  scope: ReturnType<typeof useSetupValue>['scope'];
  setupRef: RefObject<Json>;
  setSetup: Dispatch<SetStateAction<Json>>;
  setPicked: Dispatch<SetStateAction<Record<string, PickedUnit>>>;
}) {
  const roster = useMemo<RosterContext>(
    () => ({
      system,
      fills: layout.fromRoster ?? [],
      // "Pick from roster": the host fills the part in the setup as it stands (the rest stays as set) and sets its references right.
      setup: () => (isRecord(setupRef.current) ? setupRef.current : {}),
      fill: (path, filled, unit) => {
        setPicked((now) => ({ ...now, [path]: unit }));
        setSetup(filled);
      },
    }),
    [system, layout, setupRef, setSetup, setPicked],
  );
  const env = useMemo<FormEnv>(
    () => ({
      rootPath: 'setup',
      rootSchema: schema,
      errors,
      hints: scope.hints,
      sides,
      // Every change goes through here: fields pointing into a list follow its items, none is left pointing at nothing.
      update: (path, value, removed) =>
        setSetup((now: Json) => applyUpdate(now, relativePath('setup', path), value, scope, removed)),
      ItemActions: RosterButtons,
    }),
    [schema, errors, scope, setSetup],
  );
  return { roster, env };
}

/**
 * The setup as the player edits it: from the system's typical setup, its references set right.
 * `setupRef` holds it as it stands for "Pick from roster" to send (read when a unit is picked, not
 * on every render).
 */
function useSetupValue(schema: JsonSchema, example: Json, layout: SetupLayout) {
  const scope = useMemo(() => ({ schema, hints: layout.fields ?? {}, sides }), [schema, layout]);
  const [setup, setSetup] = useState<Json>(() =>
    repairRefs(structuredClone(example ?? initialValue(schema)), scope.hints, scope),
  );
  const setupRef = useRef<Json>(setup);
  useEffect(() => {
    setupRef.current = setup;
  }, [setup]);
  return { setup, setSetup, setupRef, scope };
}

/** Start: the host checks the setup and starts the combat; on to its first step. */
function useStartCombat(system: string, setup: Json, seed: number | '', rosterIds: string[]) {
  const client = useClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await client.combatStart({
          system,
          setup: setup as Record<string, unknown>,
          ...(seed === '' ? {} : { seed }),
          rosterIds,
        }),
      ),
    onSuccess: (snapshot) => navigate(`/combat/play/${snapshot.id}`),
  });
}

/** One side's card, coloured as in the wizard: its title and note, "Pick from roster", what a pick filled, its fields. */
function SideCard({
  side,
  node,
  note,
  value,
  picked,
  onUnpick,
}: {
  side: (typeof sides)[number];
  node: JsonSchema;
  note: string | undefined;
  value: Json;
  picked: Record<string, PickedUnit>;
  onUnpick: (path: string) => void;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      data-testid={`side-${side}`}
      style={{ borderTop: `6px solid var(--mantine-color-${roleColor[side]}-6)` }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Badge size="xl" radius="sm" color={roleColor[side]}>
              {node.title ?? humanise(side)}
            </Badge>
            {note && (
              <Text size="lg" c="gray.7">
                {note}
              </Text>
            )}
          </Group>
          <RosterButtons path={`setup.${side}`} />
        </Group>
        <PickedNotes side={side} picked={picked} onClose={onUnpick} />
        <ObjectFields schema={node} value={value} path={`setup.${side}`} />
      </Stack>
    </Card>
  );
}

/** The setup's fields beyond the two sides ("The fight"), where it has any to fill. */
function RestCard({ schema, setup, title }: { schema: JsonSchema; setup: Json; title: string }) {
  const root = shapeOf(schema).inner;
  const rest = useMemo<JsonSchema>(
    () => ({
      ...root,
      properties: Object.fromEntries(
        Object.entries(root.properties ?? {}).filter(([key]) => !(sides as readonly string[]).includes(key)),
      ),
    }),
    [root],
  );
  if (!Object.values(rest.properties ?? {}).some((node) => shapeOf(node).kind !== 'const')) return null;
  return (
    <Card withBorder padding="lg" data-testid="setup-rest">
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        <ObjectFields schema={rest} value={setup} path="setup" />
      </Stack>
    </Card>
  );
}

interface RosterContext {
  system: string;
  fills: RosterFill[];
  /** The setup as it stands, for the host to fill. */
  setup: () => Record<string, unknown>;
  /** Takes the setup as the host filled it (the part at `path`), and what was picked. */
  fill: (path: string, filled: Record<string, unknown>, unit: PickedUnit) => void;
}

/**
 * What the host's conversion of a picked roster unit chose for the player to check (which of
 * several melee weapons a group fights with…), beside the side it filled, until closed.
 */
function PickedNotes({
  side,
  picked,
  onClose,
}: {
  side: string;
  picked: Record<string, PickedUnit>;
  onClose: (path: string) => void;
}) {
  const mine = Object.entries(picked).filter(([path, unit]) => parsePath(path)[0] === side && unit.notes.length > 0);
  return mine.map(([path, unit]) => (
    <Alert
      key={path}
      color="yellow"
      variant="light"
      title={`Check what came from the roster${unit.roster ? ` “${unit.roster}”` : ''}: ${unit.unit}`}
      withCloseButton
      closeButtonLabel="Close these notes"
      onClose={() => onClose(path)}
      data-testid={`roster-notes-${side}`}
    >
      <List size="lg" spacing={4}>
        {unit.notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Alert>
  ));
}
const Roster = createContext<RosterContext | null>(null);

/** "Pick from roster" wherever the layout puts it (a side, a unit of a side). */
function RosterButtons({ path: fullPath }: { path: string }) {
  const roster = useContext(Roster);
  const path = relativePath('setup', fullPath);
  const fills = (roster?.fills ?? []).filter((at) => matchesPattern(at.at, path));
  // Only a button asking with a setup field (shooting or fighting) follows the form as it changes.
  const root = useRootIf(fills.some((at) => at.rangedFrom !== undefined));
  const side = parsePath(path)[0];
  if (!roster || (side !== 'attacker' && side !== 'defender')) return null;
  return fills.map((at) => {
    const ranged = at.rangedFrom === undefined ? undefined : getAt(root, parsePath(at.rangedFrom)) === true;
    return (
      <RosterPicker
        key={at.at}
        system={roster.system}
        side={side}
        {...(ranged === undefined ? {} : { ranged })}
        label={at.label}
        testId={`roster-${fullPath}`}
        fill={{ at: at.at, path }}
        setup={roster.setup}
        onPick={(filled, unit) => roster.fill(path, filled, unit)}
      />
    );
  });
}

/** A problem's field in the words on screen: "Attacker — Halberdiers — Weapon Skill (WS)". */
export function fieldInWords(
  schema: JsonSchema,
  setup: Json,
  field: string,
  inline: (path: string) => boolean,
): string {
  if (field === 'seed') return 'Seed';
  if (field === 'setup' || field === '') return 'The setup';
  if (!field.startsWith('setup')) return humanise(field);
  return labelChain(schema, setup, field.replace(/^setup\.?/, ''), { inline }).join(' — ');
}
