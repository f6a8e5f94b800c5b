import {
  Checkbox,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { errorUnder, useFormEnv, useRootIf } from './FormContext';
import {
  abbreviation,
  type FieldHint,
  type FieldLabel,
  getAt,
  humanise,
  type Json,
  type JsonSchema,
  parsePath,
  perItemOptions,
  refChosen,
  refOptions,
  refSelected,
  shapeOf,
} from '../../../core/api/viewForms';

/**
 * The form's pieces, one per kind of field, shared by the roster editor and every setup screen.
 * Sized for a tablet at the table: inputs and buttons 50 px high (Mantine "lg"), the label above
 * the input, help and problems below it, so a row of inputs stays aligned.
 */

export interface FieldProps {
  path: string;
  node: JsonSchema;
  value: Json;
  onChange: (value: Json) => void;
  label: FieldLabel;
  hint: FieldHint;
}

const SIZE = 'lg' as const;
/** Label, input, then help and problem: inputs of one row line up whatever their help says. */
const ORDER: Array<'label' | 'input' | 'description' | 'error'> = ['label', 'input', 'description', 'error'];
const NONE = '__none__';

/**
 * The width a cell wants (rem): enough for its label and its longest choice, never wider than the
 * row; it grows to fill a row, but a lone last cell does not stretch across the whole form.
 */
export function cellStyle(rem: number): CSSProperties {
  return { flex: `1 1 ${rem}rem`, minWidth: `min(${rem}rem, 100%)`, maxWidth: `max(${rem * 2}rem, 20rem)` };
}
/** About one character of the form's text, in rem (labels and inputs are 1.25 rem type). */
const CHAR = 0.7;
export const textWidth = (text: string) => text.length * CHAR;

/** "@attacker.name" → the text at that path of the form (e.g. a side's name), else the words as given. */
function useOptionWords(hint: FieldHint): (value: string) => string {
  // Only a choice whose words come from the form redraws when the form changes.
  const root = useRootIf(Object.values(hint.optionLabels ?? {}).some((w) => w.startsWith('@')));
  return (value) => {
    const words = hint.optionLabels?.[value];
    if (words?.startsWith('@')) {
      const text = getAt(root, parsePath(words.slice(1)));
      return typeof text === 'string' && text.trim() ? text.trim() : humanise(value);
    }
    return words ?? humanise(value);
  };
}

/** A shortened label's full name and help, as the input's hover text and accessible name. */
function fullWords(label: FieldLabel) {
  return label.full
    ? { title: [label.full.name, label.full.help].filter(Boolean).join(': '), 'aria-label': label.full.name }
    : {};
}

function common(props: FieldProps, error: string | undefined) {
  return {
    size: SIZE,
    label: props.label.label,
    description: props.label.description,
    error,
    inputWrapperOrder: ORDER,
    'data-testid': `field-${props.path}`,
    ...fullWords(props.label),
  };
}

export function NumberField(props: FieldProps) {
  const { errors } = useFormEnv();
  const { nullable, inner } = shapeOf(props.node);
  const { value, onChange, hint } = props;
  return (
    <NumberInput
      {...common(props, errors[props.path])}
      // The step arrows are too small to hit at the table; a number is typed (a numeric keypad on a tablet).
      hideControls
      inputMode={inner.type === 'integer' && (inner.minimum ?? 0) >= 0 ? 'numeric' : 'text'}
      min={inner.minimum}
      max={inner.maximum}
      clampBehavior="none"
      allowDecimal={inner.type !== 'integer'}
      placeholder={
        nullable
          ? (hint.noneLabel ?? 'none')
          : typeof props.node.default === 'number'
            ? String(props.node.default)
            : inner.minimum !== undefined && inner.maximum !== undefined
              ? `${inner.minimum} to ${inner.maximum}`
              : undefined
      }
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(v === '' ? (nullable ? null : undefined) : v)}
    />
  );
}

export function TextField(props: FieldProps) {
  const { errors } = useFormEnv();
  const { nullable } = shapeOf(props.node);
  const { value, onChange } = props;
  return (
    <TextInput
      {...common(props, errors[props.path])}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(nullable && e.currentTarget.value === '' ? null : e.currentTarget.value)}
    />
  );
}

const numeric = /^-?\d+(\.\d+)?$/;

function mixedHint(options: JsonSchema[]): string {
  const hasText = options.some((o) => o.type === 'string' && o.const === undefined && !o.enum);
  const hasNumber = options.some((o) => o.type === 'integer' || o.type === 'number');
  if (hasText && hasNumber) return 'e.g. 2 or D6';
  return options
    .map((o) =>
      o.const !== undefined
        ? String(o.const)
        : o.enum
          ? o.enum.join(', ')
          : o.type === 'integer' || o.type === 'number'
            ? `${o.minimum ?? ''} to ${o.maximum ?? ''}`
            : 'text',
    )
    .join(' or ');
}

/** "A number or dice" (2, D6, D3+1) or "melee or a number": typed as text, sent as a number when it is one. */
export function MixedField(props: FieldProps) {
  const { errors } = useFormEnv();
  const { nullable, options } = shapeOf(props.node);
  const { value, onChange, hint } = props;
  const takesNumber = options.some((o) => o.type === 'integer' || o.type === 'number');
  return (
    <TextInput
      {...common(props, errors[props.path])}
      placeholder={nullable ? (hint.noneLabel ?? 'none') : mixedHint(options)}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const trimmed = text.trim();
        onChange(
          trimmed === ''
            ? nullable
              ? null
              : undefined
            : takesNumber && numeric.test(trimmed)
              ? Number(trimmed)
              : text,
        );
      }}
    />
  );
}

/** A choice of a list of values, as a drop-down. */
export function ChoiceField(props: FieldProps) {
  const { errors } = useFormEnv();
  const words = useOptionWords(props.hint);
  const { nullable, inner } = shapeOf(props.node);
  const { onChange } = props;
  // A field left out holds its default (a setup may leave out what it does not change).
  const value = props.value === undefined ? props.node.default : props.value;
  return (
    <Select
      {...common(props, errors[props.path])}
      data={(inner.enum ?? []).map((v) => ({ value: String(v), label: words(String(v)) }))}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(v) => onChange(v ?? (nullable ? null : undefined))}
      allowDeselect={nullable}
      clearable={nullable}
      placeholder={nullable ? (props.hint.noneLabel ?? 'none') : 'Choose…'}
    />
  );
}

/** The values a segmented choice offers, in order, as strings: the enum's, "true"/"false", and "none" first where empty is allowed. */
export function segmentValues(node: JsonSchema, hint: FieldHint): string[] {
  const { nullable, inner } = shapeOf(node);
  const values =
    inner.type === 'boolean'
      ? Object.keys(hint.optionLabels ?? { true: '', false: '' }).filter((v) => v === 'true' || v === 'false')
      : (inner.enum ?? []).map(String);
  return [...(nullable ? [NONE] : []), ...values];
}

/** A short choice as buttons side by side: Front / Flank / Rear, Shooting / Fighting. */
export function SegmentedField(props: FieldProps) {
  const { errors } = useFormEnv();
  const words = useOptionWords(props.hint);
  const { inner } = shapeOf(props.node);
  const { onChange, hint } = props;
  const value = props.value === undefined ? props.node.default : props.value;
  const boolean = inner.type === 'boolean';
  const data = segmentValues(props.node, hint).map((v) => ({
    value: v,
    label: v === NONE ? (hint.noneLabel ?? 'None') : words(v),
  }));
  const current = value === null || value === undefined ? NONE : String(value);
  return (
    <Input.Wrapper
      size={SIZE}
      label={props.label.label}
      description={props.label.description}
      error={errors[props.path]}
      inputWrapperOrder={ORDER}
      title={fullWords(props.label).title}
    >
      <SegmentedControl
        size={SIZE}
        fullWidth
        data={data}
        value={current}
        onChange={(v) => onChange(v === NONE ? null : boolean ? v === 'true' : v)}
        data-testid={`field-${props.path}`}
      />
    </Input.Wrapper>
  );
}

/**
 * What a tick and a switch share: their label and error, and a line as tall as the other fields
 * with the label beside the control and the whole of it a target.
 */
function onOffLine(props: FieldProps, errors: Readonly<Record<string, string>>) {
  return {
    size: SIZE,
    label: props.label.label,
    description: props.label.description,
    error: errors[props.path],
    'data-testid': `field-${props.path}`,
    styles: {
      body: { alignItems: 'center', minHeight: 50 },
      labelWrapper: { justifyContent: 'center' },
      label: { cursor: 'pointer' },
    },
  };
}

/** On or off: a tick with its label, the whole line a target. A tick left out shows its default (Insane Courage: on). */
export function FlagField(props: FieldProps) {
  const { errors } = useFormEnv();
  return (
    <Checkbox
      {...onOffLine(props, errors)}
      checked={props.value === undefined ? props.node.default === true : props.value === true}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
      title={fullWords(props.label).title}
    />
  );
}

/**
 * On or off as a switch (a hint's `widget: 'switch'`): a tick's boolean, or a whole number from 0
 * to 1 that counts a rule the unit has (1) or not (0).
 */
export function SwitchField(props: FieldProps) {
  const { errors } = useFormEnv();
  const numeric = shapeOf(props.node).kind === 'number';
  const on = props.value === true || props.value === 1;
  return (
    <Switch
      {...onOffLine(props, errors)}
      checked={on}
      onChange={(e) => props.onChange(numeric ? (e.currentTarget.checked ? 1 : 0) : e.currentTarget.checked)}
    />
  );
}

/** A list of words (keywords, special rules): type one, then Enter. */
export function TagsField(props: FieldProps) {
  const { errors } = useFormEnv();
  const { value, onChange, label } = props;
  return (
    <TagsInput
      {...common(props, errorUnder(errors, props.path))}
      description={label.description ? `${label.description} — type one, then Enter` : 'Type one, then Enter'}
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={(v) => onChange(v)}
    />
  );
}

/**
 * What a field that reads another list of the form needs (a pick of one of its items, a number per
 * item): the field's path below the form's root, and the whole form (its value, schema and sides)
 * to find that list in. The field redraws on every change of the form, as the list may change.
 */
function useOtherLists(path: string) {
  const env = useFormEnv();
  const root = useRootIf(true);
  return {
    env,
    fieldPath: parsePath(path).slice(parsePath(env.rootPath).length),
    form: { root, schema: env.rootSchema, sides: env.sides ?? [] },
  };
}

/** A number (or numbers) pointing at an item of another list, chosen by the item's name. */
export function RefField(props: FieldProps) {
  const { value, onChange, hint, path, node } = props;
  const ref = hint.ref!;
  const { env, fieldPath, form } = useOtherLists(path);
  const options = refOptions(fieldPath, ref, form);
  const { nullable } = shapeOf(node);
  // Nothing to point at but "none": not worth a field (an enemy unit without characters).
  if (nullable && options.length === 0) return null;
  // A field left out holds its default (the first enemy unit).
  const selected = refSelected(value === undefined ? node.default : value, ref);
  return (
    <Select
      {...common(props, errorUnder(env.errors, path))}
      data={[
        ...(nullable ? [{ value: NONE, label: hint.noneLabel ?? 'None' }] : []),
        ...options.map((o) => ({ value: o.value, label: o.label })),
      ]}
      value={selected === null ? (nullable ? NONE : null) : selected}
      onChange={(v) => {
        const option = options.find((o) => o.value === v);
        onChange(option ? refChosen(option, ref) : null);
      }}
      allowDeselect={false}
      placeholder={options.length === 0 ? (ref.empty ?? 'nothing to choose yet') : 'Choose…'}
    />
  );
}

/**
 * A list of numbers kept per item of another list (`perItem`: attacks at each enemy character): a
 * number field for each item there is, labelled by its name; nothing to fill while it has none.
 * A field left empty counts 0 (its placeholder says so).
 */
export function PerItemNumbers(props: FieldProps) {
  const { value, onChange, hint, path, label } = props;
  const perItem = hint.perItem!;
  const { env, fieldPath, form } = useOtherLists(path);
  const items = perItemOptions(fieldPath, perItem, form);
  const numbers = Array.isArray(value) ? (value as Json[]) : [];
  const set = (j: number, v: Json) =>
    onChange(Array.from({ length: Math.max(numbers.length, j + 1) }, (_, k) => (k === j ? v : (numbers[k] ?? 0))));
  return (
    <Input.Wrapper
      size={SIZE}
      label={label.label}
      description={label.description}
      error={env.errors[path]}
      inputWrapperOrder={ORDER}
      data-testid={`numbers-${path}`}
    >
      {items.length === 0 ? (
        <Text c="gray.7" mt={4}>
          {perItem.empty ?? 'Nothing to set yet.'}
        </Text>
      ) : (
        <CellRow>
          {items.map((item, j) => {
            const words = (perItem.label ?? '{name}').replace('{name}', item.label);
            const n = numbers[j];
            return (
              <div key={item.value} style={cellStyle(cellWidth('number', { label: words }))}>
                <NumberInput
                  size={SIZE}
                  label={words}
                  hideControls
                  inputMode="numeric"
                  min={0}
                  clampBehavior="none"
                  allowDecimal={false}
                  placeholder="0"
                  value={n === 0 || n === undefined || n === null ? '' : (n as number | string)}
                  onChange={(v) => set(j, v === '' ? 0 : v)}
                  error={env.errors[`${path}[${j}]`]}
                  inputWrapperOrder={ORDER}
                  data-testid={`field-${path}[${j}]`}
                />
              </div>
            );
          })}
        </CellRow>
      )}
    </Input.Wrapper>
  );
}

/** Numbers of a profile as one row of abbreviations (M WS S T W I A Ld), the full name on hover. */
export function StatCell(props: FieldProps) {
  const { errors } = useFormEnv();
  const { nullable, inner } = shapeOf(props.node);
  const { value, onChange } = props;
  return (
    <NumberInput
      // A number that may be empty (no armour save) reads "–" until one is typed.
      placeholder={nullable ? (props.hint.noneLabel ?? '–') : undefined}
      size={SIZE}
      label={abbreviation(props.label.label)}
      title={props.label.label}
      aria-label={props.label.label}
      hideControls
      min={inner.minimum}
      max={inner.maximum}
      clampBehavior="none"
      allowDecimal={inner.type !== 'integer'}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(v === '' ? (nullable ? null : undefined) : v)}
      error={errors[props.path]}
      inputWrapperOrder={ORDER}
      data-testid={`field-${props.path}`}
      styles={{
        input: { textAlign: 'center', fontWeight: 700, paddingInline: 4 },
        label: { width: '100%', textAlign: 'center' },
      }}
    />
  );
}

/** The rem a field wants, from its label and (for choices) its longest option's words; less in a compact row (a number of one or two digits). */
export function cellWidth(kind: string, label: FieldLabel, optionWords: string[] = []): number {
  const forLabel = textWidth(label.label) + 0.5;
  const compact = label.full !== undefined;
  switch (kind) {
    case 'number':
      return Math.max(compact ? 4.5 : 8, forLabel);
    case 'segmented':
      return Math.max(
        forLabel,
        optionWords.reduce((sum, w) => sum + textWidth(w) + 1.75, 0.5),
      );
    case 'choice':
    case 'ref':
      return Math.max(compact ? 9 : 12, forLabel, Math.max(0, ...optionWords.map(textWidth)) + 4);
    case 'tags':
      return Math.max(20, forLabel);
    default:
      // 17 rem, in a compact row too: a name as long as "Close combat weapon" or "Tactical Marines" reads whole beside
      // two other fields on a tablet, with room for fonts a little wider than the designer's.
      return Math.max(17, forLabel);
  }
}

/** Cells side by side, wrapping to the next line when the row is full (never sideways). */
export function CellRow({ children, gap = 'var(--mantine-spacing-md)' }: { children: ReactNode; gap?: string }) {
  return <div style={{ display: 'flex', flexWrap: 'wrap', gap, alignItems: 'flex-start' }}>{children}</div>;
}
