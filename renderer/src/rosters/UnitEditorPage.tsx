import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ResponseOf } from '../../../core/api/contract';
import { useClient } from '../api/ClientContext';
import type { HostError } from '../api/hostQuery';
import { unwrap, useHostQuery } from '../api/hostQuery';
import { keys, useScrollToTop } from './common';
import { useSystemNames } from '../api/systems';
import type { HintMap } from '../../../core/api/viewForms';
import { bare, errorsByField, hostErrorOf, problemsOf } from '../forms/problems';
import { initialValue, ProfileFields, profileFieldInWords, type JsonSchema } from './SchemaForm';

type Loaded = ResponseOf<'roster.get'>;

/** /rosters/:id/units/new and /rosters/:id/units/:unitId — one unit's name, points and profile. */
export function UnitEditorPage() {
  const { id = '', unitId } = useParams();
  const client = useClient();
  const roster = useHostQuery(keys.roster(id), () => client.rosterGet({ id }));
  useScrollToTop(`${id}/${unitId ?? 'new'}`);
  const system = roster.data?.roster.system;
  const form = useQuery<ResponseOf<'roster.profileForm'>, HostError>({
    queryKey: keys.profileForm(system ?? ''),
    queryFn: async () => unwrap(await client.rosterProfileForm({ system: system! })),
    enabled: !!system,
    staleTime: Infinity,
  });
  const formReady = !!system && form.isSuccess;

  if (roster.isError || (system && form.isError)) {
    return (
      <Alert color="red" title="This unit cannot be edited">
        {(roster.error ?? form.error)?.message}{' '}
        <Anchor component={Link} to="/rosters">
          Back to the rosters
        </Anchor>
      </Alert>
    );
  }
  if (!roster.data || !formReady) return <Loader aria-label="Loading the unit" />;
  const unit = unitId ? roster.data.units.find((u) => u.id === unitId) : undefined;
  if (unitId && !unit) {
    return (
      <Alert color="yellow" title="There is no such unit">
        It may have been deleted.{' '}
        <Anchor component={Link} to={`/rosters/${id}`}>
          Back to {roster.data.roster.name}
        </Anchor>
      </Alert>
    );
  }
  return (
    <UnitEditor
      key={unitId ?? 'new'}
      data={roster.data}
      unit={unit}
      schema={form.data.schema as JsonSchema}
      hints={form.data.hints}
    />
  );
}

type UnitRow = Loaded['units'][number];

function UnitEditor({
  data,
  unit,
  schema,
  hints,
}: {
  data: Loaded;
  unit: UnitRow | undefined;
  schema: JsonSchema;
  hints: HintMap;
}) {
  const systemName = useSystemNames();
  const { roster } = data;
  const fields = useUnitFields(unit, schema);
  const back = `/rosters/${roster.id}`;
  const save = useSaveUnit(roster.id, unit, fields, back);
  const errors = useMemo(() => errorsByField(save.error), [save.error]);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="lg" maw={1200}>
        <Anchor component={Link} to={back} size="lg" w="fit-content">
          <Group gap={6}>
            <IconArrowLeft size={20} /> {roster.name}
          </Group>
        </Anchor>
        <div>
          <Title order={1}>{unit ? `Edit ${unit.name}` : 'New unit'}</Title>
          <Text size="lg" c="gray.7">
            {systemName(roster.system)} — copy the numbers from the datasheet. A save or roll written 3+ is entered as
            3.
          </Text>
        </div>
        <NameAndPoints fields={fields} errors={errors} isNew={!unit} />
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2}>Profile</Title>
            {errors['profile'] && (
              <Text c="red" fw={600}>
                {errors['profile']}
              </Text>
            )}
            <ProfileFields
              schema={schema}
              hints={hints}
              value={fields.profile}
              setValue={fields.setProfile}
              errors={errors}
            />
          </Stack>
        </Card>
        <UnitNotes notes={fields.notes} onNotes={fields.setNotes} error={errors['notes']} />
        {save.error && <UnitProblems error={save.error} schema={schema} profile={fields.profile} />}
        <Group>
          <Button type="submit" size="xl" loading={save.isPending} data-testid="save-unit">
            Save unit
          </Button>
          <Button size="xl" variant="default" component={Link} to={back}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The unit as the player edits it: its name, points, notes and profile (a new unit's from the profile's defaults). */
function useUnitFields(unit: UnitRow | undefined, schema: JsonSchema) {
  const [name, setName] = useState(unit?.name ?? '');
  const [points, setPoints] = useState<number | string | null>(unit?.points ?? null);
  const [notes, setNotes] = useState(unit?.notes ?? '');
  const [profile, setProfile] = useState<unknown>(() => (unit ? structuredClone(unit.profile) : initialValue(schema)));
  return { name, setName, points, setPoints, notes, setNotes, profile, setProfile };
}
type UnitFields = ReturnType<typeof useUnitFields>;

/** Save: the host checks the unit against the system's profile; back to the roster once it is kept. */
function useSaveUnit(rosterId: string, unit: UnitRow | undefined, fields: UnitFields, back: string) {
  const client = useClient();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { name, points, notes, profile } = fields;
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await client.unitSave({
          rosterId,
          ...(unit ? { id: unit.id } : {}),
          name,
          points: points === null || points === '' ? null : Number(points),
          notes,
          profile: profile as Record<string, unknown>,
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: keys.roster(rosterId) });
      await queries.invalidateQueries({ queryKey: keys.rosterList });
      navigate(back);
    },
  });
}

function NameAndPoints({
  fields,
  errors,
  isNew,
}: {
  fields: UnitFields;
  errors: Record<string, string>;
  isNew: boolean;
}) {
  return (
    <Card withBorder padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          size="lg"
          label="Unit name"
          value={fields.name}
          onChange={(e) => fields.setName(e.currentTarget.value)}
          error={errors['name']}
          data-autofocus
          autoFocus={isNew}
          data-testid="unit-name-input"
        />
        <NumberInput
          size="lg"
          label="Points"
          placeholder="not costed"
          hideControls
          inputMode="numeric"
          min={0}
          max={100000}
          clampBehavior="none"
          allowDecimal={false}
          value={fields.points ?? ''}
          onChange={(v) => fields.setPoints(v === '' ? null : v)}
          error={errors['points']}
          data-testid="unit-points-input"
        />
      </SimpleGrid>
    </Card>
  );
}

/** Notes: what the profile has no field for. */
function UnitNotes({
  notes,
  onNotes,
  error,
}: {
  notes: string;
  onNotes: (notes: string) => void;
  error: string | undefined;
}) {
  return (
    <Card withBorder padding="lg">
      <Textarea
        size="lg"
        label="Notes"
        description="Ability text, wargear, anything the profile has no field for. An imported roster puts what it could not map here."
        autosize
        minRows={3}
        maxRows={14}
        value={notes}
        onChange={(e) => onNotes(e.currentTarget.value)}
        error={error}
        data-testid="unit-notes-input"
      />
    </Card>
  );
}

/** What the host refused, each field named in the form's words; nothing was saved. */
function UnitProblems({ error, schema, profile }: { error: Error; schema: JsonSchema; profile: unknown }) {
  const problems = problemsOf(hostErrorOf(error));
  return (
    <Alert
      color="red"
      title={
        <Text fw={700} size="lg">
          {problems.length > 1
            ? `${problems.length} fields need fixing — nothing was saved`
            : 'This needs fixing — nothing was saved'}
        </Text>
      }
      data-testid="unit-problems"
    >
      <List size="lg" spacing={4}>
        {problems.map((p, i) => (
          <List.Item key={i}>
            <b>{profileFieldInWords(schema, profile, p.field)}</b>: {bare(p)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
