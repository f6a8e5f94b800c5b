import { ActionIcon, Alert, Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fieldLabel, humanise, itemNoun, orderKeys } from './labels';

/**
 * The unit editor's fields, generated from the JSON Schema the host gives for a system's unit
 * profile (zod's toJSONSchema, input side). The host still validates every save; this only lays
 * out the inputs and turns what is typed into the right JSON types.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

type Json = unknown;
type Kind = 'number' | 'text' | 'enum' | 'mixed' | 'boolean' | 'tags' | 'list' | 'object' | 'other';

function variants(node: JsonSchema): JsonSchema[] {
  return node.anyOf ? node.anyOf.flatMap(variants) : [node];
}

interface Shape {
  kind: Kind;
  nullable: boolean;
  /** The one non-null variant (or the node itself for mixed). */
  inner: JsonSchema;
  options: JsonSchema[];
}

export function shapeOf(node: JsonSchema): Shape {
  const all = variants(node);
  const nullable = all.some((v) => v.type === 'null');
  const options = all.filter((v) => v.type !== 'null');
  if (options.length !== 1) return { kind: 'mixed', nullable, inner: node, options };
  const inner = options[0]!;
  const kind: Kind =
    inner.type === 'integer' || inner.type === 'number'
      ? 'number'
      : inner.type === 'string'
        ? inner.enum
          ? 'enum'
          : inner.const !== undefined
            ? 'mixed'
            : 'text'
        : inner.type === 'boolean'
          ? 'boolean'
          : inner.type === 'array'
            ? inner.items?.type === 'string'
              ? 'tags'
              : inner.items?.type === 'object'
                ? 'list'
                : 'other'
            : inner.type === 'object'
              ? 'object'
              : 'other';
  return { kind, nullable, inner, options };
}

/** A new value for a schema: its default, else blank (numbers) or the least that is valid in shape. */
export function initialValue(node: JsonSchema): Json {
  if (node.default !== undefined) return structuredClone(node.default);
  const { kind, nullable, inner } = shapeOf(node);
  if (nullable) return null;
  switch (kind) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, child] of Object.entries(inner.properties ?? {})) {
        const value = initialValue(child);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'list':
      return Array.from({ length: inner.minItems ?? 0 }, () => initialValue(inner.items!));
    case 'tags':
      return [];
    case 'text':
      return '';
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

export const childPath = (base: string, key: string | number) => (typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key);

interface FieldProps {
  system: string;
  name: string;
  schema: JsonSchema;
  value: Json;
  onChange: (value: Json) => void;
  path: string;
  errors: Record<string, string>;
}

const numeric = /^-?\d+(\.\d+)?$/;

function mixedHint(options: JsonSchema[]): string {
  const hasText = options.some((o) => o.type === 'string' && o.const === undefined && !o.enum);
  const hasNumber = options.some((o) => o.type === 'integer' || o.type === 'number');
  if (hasText && hasNumber) return 'e.g. 2 or D6';
  return options
    .map((o) => (o.const !== undefined ? String(o.const) : o.enum ? o.enum.join(', ') : o.type === 'integer' || o.type === 'number' ? `${o.minimum ?? ''}–${o.maximum ?? ''}` : 'text'))
    .join(' or ');
}

/** One scalar input: number, text, choice, or "melee or a number". */
function ScalarField({ system, name, schema, value, onChange, path, errors }: FieldProps) {
  const { kind, nullable, inner, options } = shapeOf(schema);
  const label = fieldLabel(system, name);
  const common = { size: 'md' as const, label: label.short, title: label.long ?? label.short, error: errors[path], 'data-testid': `field-${path}` };
  const empty = nullable ? null : undefined;
  if (kind === 'number') {
    return (
      <NumberInput
        {...common}
        min={inner.minimum}
        max={inner.maximum}
        clampBehavior="none"
        allowDecimal={inner.type !== 'integer'}
        placeholder={nullable ? 'none' : inner.minimum !== undefined && inner.maximum !== undefined ? `${inner.minimum}–${inner.maximum}` : undefined}
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        onChange={(v) => onChange(v === '' ? empty : v)}
      />
    );
  }
  if (kind === 'enum') {
    return (
      <Select
        {...common}
        data={(inner.enum ?? []).map((v) => ({ value: String(v), label: humanise(String(v)) }))}
        value={value === null || value === undefined ? null : String(value)}
        onChange={(v) => onChange(v ?? empty)}
        allowDeselect={nullable}
        clearable={nullable}
        placeholder={nullable ? 'none' : 'Choose…'}
      />
    );
  }
  if (kind === 'mixed') {
    const takesNumber = options.some((o) => o.type === 'integer' || o.type === 'number');
    return (
      <TextInput
        {...common}
        placeholder={nullable ? 'none' : mixedHint(options)}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(e) => {
          const text = e.currentTarget.value;
          const trimmed = text.trim();
          onChange(trimmed === '' ? empty : takesNumber && numeric.test(trimmed) ? Number(trimmed) : text);
        }}
      />
    );
  }
  return <TextInput {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(nullable && e.currentTarget.value === '' ? null : e.currentTarget.value)} />;
}

/** A repeatable group (weapons, model profiles): one card per item, add and remove. */
function ListField({ system, name, schema, value, onChange, path, errors }: FieldProps) {
  const { inner } = shapeOf(schema);
  const items = Array.isArray(value) ? value : [];
  const itemSchema = inner.items!;
  const noun = itemNoun(system, name);
  const min = inner.minItems ?? 0;
  const max = inner.maxItems ?? Infinity;
  return (
    <Stack gap="sm" data-testid={`list-${path}`}>
      <Title order={3}>{fieldLabel(system, name).short}</Title>
      {errors[path] && (
        <Text c="red" fw={600}>
          {errors[path]}
        </Text>
      )}
      {items.length === 0 && <Text c="gray.7">None yet.</Text>}
      {items.map((item, i) => (
        <Card key={i} withBorder padding="md" bg="gray.0" data-testid={`item-${childPath(path, i)}`}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Title order={4}>
              {noun} {i + 1}
              {isRecord(item) && typeof item['name'] === 'string' && item['name'] ? ` — ${item['name']}` : ''}
            </Title>
            <ActionIcon
              size="xl"
              variant="subtle"
              color="red"
              disabled={items.length <= min}
              aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
              title={items.length <= min ? `At least ${min} needed` : `Remove ${noun.toLowerCase()} ${i + 1}`}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              <IconTrash />
            </ActionIcon>
          </Group>
          <ObjectFields system={system} schema={itemSchema} value={item} onChange={(v) => onChange(items.map((x, j) => (j === i ? v : x)))} path={childPath(path, i)} errors={errors} />
        </Card>
      ))}
      {items.length < max && (
        <Button variant="light" leftSection={<IconPlus />} w="fit-content" onClick={() => onChange([...items, initialValue(itemSchema)])} data-testid={`add-${path}`}>
          Add {noun.toLowerCase()}
        </Button>
      )}
    </Stack>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A nested object (a 9th Age characteristic block, an Anti-X rule), optional when it may be null. */
function ObjectField({ system, name, schema, value, onChange, path, errors }: FieldProps) {
  const { nullable, inner } = shapeOf(schema);
  const label = fieldLabel(system, name).short;
  const present = isRecord(value);
  return (
    <Card withBorder padding="md" data-testid={`group-${path}`}>
      <Stack gap="sm">
        {nullable ? (
          <Checkbox
            size="md"
            fw={700}
            label={label}
            checked={present}
            onChange={(e) => onChange(e.currentTarget.checked ? initialValue({ ...inner, default: undefined }) : null)}
            data-testid={`toggle-${path}`}
          />
        ) : (
          <Title order={3}>{label}</Title>
        )}
        {errors[path] && (
          <Text c="red" fw={600}>
            {errors[path]}
          </Text>
        )}
        {present && <ObjectFields system={system} schema={inner} value={value} onChange={onChange} path={path} errors={errors} />}
      </Stack>
    </Card>
  );
}

/** The fields of one object: numbers and choices in a grid, then ticks, then lists and groups. */
export function ObjectFields({ system, schema, value, onChange, path, errors }: Omit<FieldProps, 'name'>) {
  const object = isRecord(value) ? value : {};
  const properties = schema.properties ?? {};
  const set = (key: string) => (v: Json) => {
    const next = { ...object };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  const scalars: ReactNode[] = [];
  const flags: ReactNode[] = [];
  const tags: ReactNode[] = [];
  const groups: ReactNode[] = [];
  for (const key of orderKeys(system, Object.keys(properties))) {
    const child = properties[key]!;
    const props: FieldProps = { system, name: key, schema: child, value: object[key], onChange: set(key), path: childPath(path, key), errors };
    const { kind } = shapeOf(child);
    const label = fieldLabel(system, key);
    if (kind === 'boolean') {
      flags.push(
        <Checkbox
          key={key}
          size="md"
          label={label.short}
          title={label.long}
          checked={object[key] === true}
          onChange={(e) => set(key)(e.currentTarget.checked)}
          error={errors[props.path]}
          data-testid={`field-${props.path}`}
        />,
      );
    } else if (kind === 'tags') {
      tags.push(
        <TagsInput
          key={key}
          size="md"
          label={label.short}
          description="Type one, then Enter"
          value={Array.isArray(object[key]) ? (object[key] as string[]) : []}
          onChange={(v) => set(key)(v)}
          error={errors[props.path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${props.path}[`))?.[1]}
          data-testid={`field-${props.path}`}
        />,
      );
    } else if (kind === 'list') groups.push(<ListField key={key} {...props} />);
    else if (kind === 'object') groups.push(<ObjectField key={key} {...props} />);
    else if (kind === 'other')
      groups.push(
        <Alert key={key} color="gray">
          {label.short}: this field cannot be edited here.
        </Alert>,
      );
    else scalars.push(<ScalarField key={key} {...props} />);
  }
  return (
    <Stack gap="md">
      {scalars.length > 0 && <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }}>{scalars}</SimpleGrid>}
      {flags.length > 0 && <Group gap="lg">{flags}</Group>}
      {tags.length > 0 && <SimpleGrid cols={{ base: 1, md: 2 }}>{tags}</SimpleGrid>}
      {groups}
    </Stack>
  );
}
