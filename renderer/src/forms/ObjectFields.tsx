import { ActionIcon, Alert, Button, Card, Checkbox, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { errorUnder, relativePath, useFormEnv, useHint, useRootIf, type FormEnv } from './FormContext';
import {
  CellRow,
  ChoiceField,
  FlagField,
  MixedField,
  NumberField,
  PerItemNumbers,
  RefField,
  SegmentedField,
  StatCell,
  SwitchField,
  TagsField,
  TextField,
  cellStyle,
  cellWidth,
  segmentValues,
  type FieldProps,
} from './fields';
import {
  childPath,
  compactLabel,
  type FieldHint,
  getAt,
  hintFor,
  humanise,
  initialValue,
  isRecord,
  isSet,
  type Json,
  type JsonSchema,
  labelOf,
  moved,
  parsePath,
  shapeOf,
  singular,
} from '../../../core/api/viewForms';
import classes from './StatLine.module.css';

/**
 * Any object of a JSON Schema as a form: its fields in the order its hint (or the form) prefers,
 * runs of short fields side by side, ticks together, lists as cards with add and remove, nested
 * objects as titled boxes (or inline), rarely used fields under "More". The same pieces draw the
 * roster editor's unit profile and every system's combat setup.
 */

interface ObjectProps {
  schema: JsonSchema;
  /** This object's value (a field redraws only when its own part of the form changes). */
  value: Json;
  path: string;
  /** How deep in the form (headings get smaller). */
  depth?: number;
}

/** How a field sits in its object: a cell of a row, a tick, a block of its own, or (hidden with a note) a line of words. */
type Placement = 'cell' | 'flag' | 'block' | 'hidden' | 'note';

interface Piece {
  key: string;
  placement: Placement;
  node: ReactNode;
}

function placementOf(node: JsonSchema, hint: FieldHint): Placement {
  if (hint.hidden) return hint.note ? 'note' : 'hidden';
  if (hint.ref) return 'cell';
  const { kind } = shapeOf(node);
  if (hint.widget === 'switch' && (kind === 'boolean' || kind === 'number')) return 'flag';
  switch (kind) {
    case 'const':
      return 'hidden';
    case 'boolean':
      return hint.widget === 'segmented' ? 'cell' : 'flag';
    case 'list':
    case 'numbers':
    case 'object':
    case 'other':
      return 'block';
    default:
      return 'cell';
  }
}

/** Without a hint, an object's fields go by kind: short fields, ticks, word lists, then lists and boxes. */
function kindRank(node: JsonSchema, placement: Placement): number {
  if (placement === 'cell') return shapeOf(node).kind === 'tags' ? 2 : 0;
  return placement === 'flag' ? 1 : placement === 'block' || placement === 'note' ? 3 : 4;
}

/** How one object's fields are laid out: their placements, the order, the groups, "More", the stat line. */
interface ObjectLayout {
  properties: Record<string, JsonSchema>;
  placements: Map<string, Placement>;
  /** The fields the hint lists, in its order. */
  listed: string[];
  /** The fields under "More". */
  advanced: Set<string>;
  grouped: Map<string, { title: string; fields: string[] }>;
  /** The fields drawn, in order; the stat line's fields but its first left out (the row stands there). */
  ordered: string[];
  /** A profile's numbers on one compact row (M WS S T W I A Ld), where the first of them comes. */
  stats: string[];
}

/** A field whose hint says it is shown only while another field holds certain values (`shownWhen`), and that field does not. */
function hiddenNow(hint: FieldHint, root: Json): boolean {
  const when = hint.shownWhen;
  return when !== undefined && !when.is.includes(String(getAt(root, parsePath(when.field))));
}

function objectLayout(schema: JsonSchema, path: string, hint: FieldHint, env: FormEnv, root: Json): ObjectLayout {
  const properties = shapeOf(schema).inner.properties ?? {};
  const keys = Object.keys(properties);
  const preferred = env.order ? env.order(keys) : keys;
  const listed = (hint.order ?? []).filter((k) => k in properties);
  const advanced = new Set((hint.advanced ?? []).filter((k) => k in properties));
  const grouped = new Map<string, { title: string; fields: string[] }>();
  for (const group of hint.groups ?? []) for (const key of group.fields) grouped.set(key, group);
  const placements = new Map(
    keys.map((k): [string, Placement] => {
      const own = hintFor(env.hints, relativePath(env.rootPath, childPath(path, k)));
      return [k, hiddenNow(own, root) ? 'hidden' : placementOf(properties[k]!, own)];
    }),
  );
  // The hint's order first; the rest by kind (short fields, ticks, word lists, blocks), each in the form's order.
  const rest = preferred
    .filter((k) => !listed.includes(k))
    .sort((a, b) => kindRank(properties[a]!, placements.get(a)!) - kindRank(properties[b]!, placements.get(b)!));
  const all = [...listed, ...rest].filter((k) => placements.get(k) !== 'hidden');
  const stats = (hint.statLine ?? []).filter((k) => all.includes(k) && !advanced.has(k));
  const ordered = all.filter((k) => !stats.includes(k) || k === stats[0]);
  return { properties, placements, listed, advanced, grouped, ordered, stats };
}

const groupPiece = (title: string, pieces: Piece[]): Piece => ({
  key: `group:${title}`,
  placement: 'block',
  node: <FieldGroup key={`group:${title}`} title={title} pieces={pieces} />,
});

/** Under "More", the fields of a group go together in its box, where its first field would be. */
function morePieces(keys: string[], { grouped }: ObjectLayout, piece: (key: string) => Piece): Piece[] {
  const out: Piece[] = [];
  const seenGroups = new Set<string>();
  for (const key of keys) {
    const group = grouped.get(key);
    if (!group) {
      out.push(piece(key));
      continue;
    }
    if (!seenGroups.has(group.title))
      out.push(groupPiece(group.title, group.fields.filter((k) => keys.includes(k)).map(piece)));
    seenGroups.add(group.title);
  }
  return out;
}

/** The object's own pieces in order: fields, groups in their boxes, the stat row, and "More" where the hint lists one of its fields (else last). */
function mainPieces(layout: ObjectLayout, piece: (key: string) => Piece, more: Piece | null, statRow: Piece): Piece[] {
  const { properties, placements, listed, advanced, grouped, ordered, stats } = layout;
  const moreAt = listed.findIndex((k) => advanced.has(k));
  const main: Piece[] = [];
  const seenGroups = new Set<string>();
  for (const key of ordered) {
    if (advanced.has(key)) {
      if (more && listed.indexOf(key) === moreAt && moreAt !== -1) main.push(more);
      continue;
    }
    const group = grouped.get(key);
    if (group) {
      if (!seenGroups.has(group.title)) {
        const fields = group.fields.filter(
          (k) => k in properties && placements.get(k) !== 'hidden' && !advanced.has(k),
        );
        main.push(groupPiece(group.title, fields.map(piece)));
      }
      seenGroups.add(group.title);
      continue;
    }
    main.push(key === stats[0] ? statRow : piece(key));
  }
  if (more && moreAt === -1) main.push(more);
  return main;
}

/** Whether a field of this object is shown only while another field holds certain values. */
function hasShownWhen(schema: JsonSchema, path: string, env: FormEnv): boolean {
  return Object.keys(shapeOf(schema).inner.properties ?? {}).some(
    (k) => hintFor(env.hints, relativePath(env.rootPath, childPath(path, k))).shownWhen !== undefined,
  );
}

/** The fields of one object, drawn. */
export const ObjectFields = memo(function ObjectFields({ schema, value, path, depth = 0 }: ObjectProps) {
  const env = useFormEnv();
  const hint = useHint(path);
  const object = isRecord(value) ? value : {};
  // Only an object with a field shown while another holds certain values redraws when the form changes.
  const root = useRootIf(hasShownWhen(schema, path, env));
  const layout = objectLayout(schema, path, hint, env, root);
  const { properties, placements, advanced, ordered, stats } = layout;
  const piece = (key: string): Piece => ({
    key,
    placement: placements.get(key)!,
    node:
      placements.get(key) === 'note' ? (
        <FieldNote key={key} path={childPath(path, key)} />
      ) : (
        <FieldOf
          key={key}
          name={key}
          node={properties[key]!}
          value={object[key]}
          path={childPath(path, key)}
          depth={depth}
          compact={hint.compact === true}
        />
      ),
  });
  const more = ordered.filter((k) => advanced.has(k));
  const moreBlock: Piece | null =
    more.length === 0
      ? null
      : {
          key: 'more',
          placement: 'block',
          node: (
            <More
              key="more"
              path={path}
              label={hint.advancedLabel ?? 'More options'}
              set={more.filter((k) => isSet(properties[k]!, object[k]))}
              wrong={more.some((k) => errorUnder(env.errors, childPath(path, k)) !== undefined)}
            >
              {runs(morePieces(more, layout, piece), hint.compact)}
            </More>
          ),
        };
  const statRow: Piece = {
    key: 'stats',
    placement: 'block',
    node: <StatRow key="stats" schema={schema} value={value} path={path} stats={stats} />,
  };
  return (
    <Stack gap={hint.compact ? 'sm' : 'md'}>{runs(mainPieces(layout, piece, moreBlock, statRow), hint.compact)}</Stack>
  );
});

/** Consecutive cells in one wrapping row, consecutive ticks in another; blocks on their own. A compact object's cells sit closer. */
function runs(pieces: Piece[], compact = false): ReactNode[] {
  const out: ReactNode[] = [];
  let batch: Piece[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    const placement = batch[0]!.placement;
    out.push(
      <CellRow
        key={`row:${batch[0]!.key}`}
        gap={placement === 'flag' ? '0 var(--mantine-spacing-xl)' : compact ? 'var(--mantine-spacing-xs)' : undefined}
      >
        {batch.map((p) => p.node)}
      </CellRow>,
    );
    batch = [];
  };
  for (const p of pieces) {
    if (p.placement === 'block' || p.placement === 'note') {
      flush();
      out.push(p.node);
    } else {
      if (batch.length > 0 && batch[0]!.placement !== p.placement) flush();
      batch.push(p);
    }
  }
  flush();
  return out;
}

function FieldGroup({ title, pieces }: { title: string; pieces: Piece[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={700} size="lg">
          {title}
        </Text>
        {runs(pieces)}
      </Stack>
    </Paper>
  );
}

function More({
  path,
  label,
  set,
  wrong,
  children,
}: {
  path: string;
  label: string;
  set: string[];
  wrong: boolean;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  // Open by itself when something in it is set or wrong, so nothing that counts is hidden.
  const open = (chosen ?? set.length > 0) || wrong;
  return (
    <Stack gap="sm">
      <Button
        variant="subtle"
        w="fit-content"
        leftSection={open ? <IconChevronDown /> : <IconChevronRight />}
        onClick={() => setChosen(!open)}
        aria-expanded={open}
        data-testid={`more-${path}`}
      >
        {label}
        {set.length > 0 ? ` (${set.length} in use)` : ''}
      </Button>
      <Collapse expanded={open}>{open && <Stack gap="md">{children}</Stack>}</Collapse>
    </Stack>
  );
}

/** A hidden field's line in words, in its place: why it is not asked (its hint's `note`). */
function FieldNote({ path }: { path: string }) {
  const { note } = useHint(path);
  return (
    <Text c="gray.7" data-testid={`note-${path}`}>
      {note}
    </Text>
  );
}

interface FieldOfProps {
  name: string;
  node: JsonSchema;
  value: Json;
  path: string;
  depth: number;
  /** Its object is drawn compact (hint): a short label, no help line. */
  compact?: boolean;
}

/** One field of an object, drawn as its kind and hint say. */
const FieldOf = memo(function FieldOf({ name, node, value, path, depth, compact = false }: FieldOfProps) {
  const env = useFormEnv();
  const { hint, label } = useFieldLabel(name, node, path, compact);
  return fieldByKind({ path, node, value, onChange: (v) => env.update(path, v), label, hint }, depth);
});

/**
 * A field's hint and label: the schema may name its choices' words itself (`.meta({ optionLabels })`:
 * the same words on every form); a label may follow another field (only such a field redraws when
 * the form changes); a compact row shortens its short fields' labels (lists and boxes keep their headings).
 */
function useFieldLabel(name: string, node: JsonSchema, path: string, compact: boolean) {
  const env = useFormEnv();
  const pathHint = useHint(path);
  const hint = useMemo(
    () => (node.optionLabels && !pathHint.optionLabels ? { ...pathHint, optionLabels: node.optionLabels } : pathHint),
    [node, pathHint],
  );
  const root = useRootIf(hint.labelBy !== undefined);
  const own = labelOf(node, name, env.fallback);
  const by = hint.labelBy?.labels[String(getAt(root, parsePath(hint.labelBy.field)))];
  const named = by ? { ...own, label: by } : own;
  const { kind } = shapeOf(node);
  const label = compact && kind !== 'list' && kind !== 'object' ? compactLabel(named, kind === 'number') : named;
  return { hint, label };
}

/** The field drawn by its kind and hint, in a cell as wide as its words where it sits in a row. */
function fieldByKind(props: FieldProps, depth: number): ReactNode {
  const { node, hint, label } = props;
  const { kind } = shapeOf(node);
  if (hint.ref)
    return (
      <Cell width={cellWidth('ref', label, [hint.noneLabel ?? 'None', 'Character 1 (Unit 1)'])}>
        <RefField {...props} />
      </Cell>
    );
  if (hint.widget === 'switch' && (kind === 'boolean' || kind === 'number')) return <SwitchField {...props} />;
  if (hint.widget === 'segmented' && (kind === 'boolean' || kind === 'enum')) {
    const words = segmentValues(node, hint).map((v) =>
      v.startsWith('__') ? (hint.noneLabel ?? 'None') : optionWords(hint, v),
    );
    return (
      <Cell width={cellWidth('segmented', label, words)}>
        <SegmentedField {...props} />
      </Cell>
    );
  }
  const inCell = (type: Parameters<typeof cellWidth>[0], field: ReactNode, words?: string[]) => (
    <Cell width={cellWidth(type, label, words)}>{field}</Cell>
  );
  switch (kind) {
    case 'number':
      return inCell('number', <NumberField {...props} />);
    case 'text':
      return inCell('text', <TextField {...props} />);
    case 'mixed':
      return inCell('text', <MixedField {...props} />);
    case 'enum': {
      const words = (shapeOf(node).inner.enum ?? []).map((v) => optionWords(hint, String(v)));
      return inCell('choice', <ChoiceField {...props} />, words);
    }
    case 'boolean':
      return <FlagField {...props} />;
    case 'tags':
      return inCell('tags', <TagsField {...props} />);
    case 'numbers':
      if (hint.perItem) return <PerItemNumbers {...props} />;
      return <Alert color="gray">{label.label}: this field cannot be edited here.</Alert>;
    case 'list':
      return <ListField {...props} depth={depth} />;
    case 'object':
      return hint.inline ? <InlineObject {...props} depth={depth} /> : <ObjectSection {...props} depth={depth} />;
    default:
      return <Alert color="gray">{label.label}: this field cannot be edited here.</Alert>;
  }
}

function optionWords(hint: FieldHint, value: string): string {
  const words = hint.optionLabels?.[value];
  if (words?.startsWith('@')) return 'Attacker'; // a side's name: about as long as the word
  return words ?? humanise(value);
}

function Cell({ width, children }: { width: number; children: ReactNode }) {
  return <div style={cellStyle(width)}>{children}</div>;
}

const headingOrder = (depth: number) => Math.min(5, depth + 3) as 3 | 4 | 5;

function Problem({ path }: { path: string }) {
  const { errors } = useFormEnv();
  return errors[path] ? (
    <Text c="red.8" fw={600}>
      {errors[path]}
    </Text>
  ) : null;
}

/** Numbers of an object as one row of abbreviations (all in one row where they fit, else two even rows). */
function StatRow({ schema, value, path, stats }: { schema: JsonSchema; value: Json; path: string; stats: string[] }) {
  const env = useFormEnv();
  const properties = shapeOf(schema).inner.properties ?? {};
  const object = isRecord(value) ? value : {};
  return (
    <div className={classes.wrap}>
      <div
        className={classes.line}
        style={{ '--wide': stats.length, '--narrow': Math.ceil(stats.length / 2) } as CSSProperties}
      >
        {stats.map((key) => (
          <StatCell
            key={key}
            path={childPath(path, key)}
            node={properties[key]!}
            value={object[key]}
            onChange={(v) => env.update(childPath(path, key), v)}
            label={labelOf(properties[key], key, env.fallback)}
            hint={hintFor(env.hints, relativePath(env.rootPath, childPath(path, key)))}
          />
        ))}
      </div>
    </div>
  );
}

/** An object drawn in its parent, without a box or heading: its fields (a profile's numbers on their row). */
function InlineObject({ node, value, path, depth }: FieldProps & { depth: number }) {
  return (
    <Stack gap="sm" data-testid={`group-${path}`}>
      <Problem path={path} />
      <ObjectFields schema={shapeOf(node).inner} value={value} path={path} depth={depth} />
    </Stack>
  );
}

/** A nested object in a titled box; one that may be absent (an Anti-X rule, a challenge) is switched on by a tick. */
function ObjectSection({ node, value, onChange, path, depth, label }: FieldProps & { depth: number }) {
  const { nullable, inner } = shapeOf(node);
  const present = isRecord(value);
  return (
    <Card withBorder padding="md" data-testid={`group-${path}`}>
      <Stack gap="sm">
        {nullable ? (
          <Checkbox
            size="lg"
            label={
              <Text fw={700} size="lg" span>
                {label.label}
              </Text>
            }
            description={label.description}
            checked={present}
            onChange={(e) => onChange(e.currentTarget.checked ? initialValue({ ...inner, default: undefined }) : null)}
            data-testid={`toggle-${path}`}
            styles={{ body: { alignItems: 'center', minHeight: 50 } }}
          />
        ) : (
          <div>
            <Title order={headingOrder(depth)}>{label.label}</Title>
            {label.description && <Text c="gray.7">{label.description}</Text>}
          </div>
        )}
        <Problem path={path} />
        {present && <ObjectFields schema={inner} value={value} path={path} depth={depth + 1} />}
      </Stack>
    </Card>
  );
}

/** A repeatable group (weapons, model profiles, units): one card per item, add and remove; moved up and down where its order counts. */
function ListField({ node, value, onChange, path, depth, label, hint }: FieldProps & { depth: number }) {
  const env = useFormEnv();
  const { inner } = shapeOf(node);
  const items = Array.isArray(value) ? value : [];
  const itemSchema = inner.items!;
  const listKey = path.replace(/.*[.[\]]/, '') || path;
  const noun = itemSchema.title ?? env.itemNoun?.(listKey) ?? singular(label.label);
  const max = inner.maxItems ?? Infinity;
  // A new item has every default filled in, then what the hint says a new one starts with.
  const add = () => {
    const fresh = initialValue(itemSchema);
    const item =
      isRecord(hint.newItem) && isRecord(fresh)
        ? { ...fresh, ...structuredClone(hint.newItem) }
        : hint.newItem !== undefined
          ? structuredClone(hint.newItem)
          : fresh;
    onChange([...items, item]);
  };
  return (
    <Stack gap="sm" data-testid={`list-${path}`}>
      <div>
        <Title order={headingOrder(depth)}>{label.label}</Title>
        {label.description && <Text c="gray.7">{label.description}</Text>}
      </div>
      <Problem path={path} />
      {items.length === 0 && <Text c="gray.7">None yet.</Text>}
      {items.map((item, i) => (
        <ListItem
          key={i}
          items={items}
          i={i}
          noun={noun}
          itemSchema={itemSchema}
          listPath={path}
          depth={depth}
          reorderable={hint.reorderable === true}
          min={inner.minItems ?? 0}
          onChange={onChange}
        />
      ))}
      {items.length < max && (
        <Button variant="light" leftSection={<IconPlus />} w="fit-content" onClick={add} data-testid={`add-${path}`}>
          {hint.addLabel ?? `Add ${noun.toLowerCase()}`}
        </Button>
      )}
    </Stack>
  );
}

/** One item of a list in its card: "Weapon 2 — Bolt rifle", its actions (move up and down, remove), its fields. */
function ListItem({
  items,
  i,
  noun,
  itemSchema,
  listPath,
  depth,
  reorderable,
  min,
  onChange,
}: {
  items: Json[];
  i: number;
  noun: string;
  itemSchema: JsonSchema;
  listPath: string;
  depth: number;
  reorderable: boolean;
  min: number;
  onChange: (items: Json[]) => void;
}) {
  const env = useFormEnv();
  const item = items[i];
  const itemPath = childPath(listPath, i);
  const name = isRecord(item) && typeof item['name'] === 'string' ? item['name'].trim() : '';
  const which = `${noun.toLowerCase()} ${i + 1}${name ? ` (${name})` : ''}`;
  const move = (to: number, dir: 'up' | 'down') => (
    <ActionIcon
      size="xl"
      variant="subtle"
      disabled={to < 0 || to >= items.length}
      aria-label={`Move ${which} ${dir}`}
      title={dir === 'up' ? 'Move up' : 'Move down'}
      onClick={() => onChange(moved(items, i, to))}
      data-testid={`move-${dir}-${itemPath}`}
    >
      {dir === 'up' ? <IconArrowUp /> : <IconArrowDown />}
    </ActionIcon>
  );
  return (
    <Card withBorder padding="md" bg="gray.0" data-testid={`item-${itemPath}`}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={headingOrder(depth + 1)}>
          {noun} {i + 1}
          {name ? ` — ${name}` : ''}
        </Title>
        <Group gap="xs">
          {env.ItemActions && <env.ItemActions path={itemPath} />}
          {reorderable && items.length > 1 && (
            <>
              {move(i - 1, 'up')}
              {move(i + 1, 'down')}
            </>
          )}
          <ActionIcon
            size="xl"
            variant="subtle"
            color="red"
            disabled={items.length <= min}
            aria-label={`Remove ${which}`}
            title={items.length <= min ? `At least ${min} needed` : `Remove ${noun.toLowerCase()} ${i + 1}`}
            onClick={() =>
              env.update(
                listPath,
                items.filter((_, j) => j !== i),
                i,
              )
            }
            data-testid={`remove-${itemPath}`}
          >
            <IconTrash />
          </ActionIcon>
        </Group>
      </Group>
      <ObjectFields schema={itemSchema} value={item} path={itemPath} depth={depth + 1} />
    </Card>
  );
}
