import { z } from 'zod';
import type { HintMap } from '../combat/setupLayout';
import type { SystemDefinition } from '../systems/definition';
import type { ProfileLabels } from '../validation/profileLabels';

export interface ProfileForm {
  /** The profile as JSON Schema, input side, every field titled in the game's words and laid out in its order. */
  schema: Record<string, unknown>;
  /** What the schema cannot say about the layout (switches, option words…), by path from the profile's root. */
  hints: HintMap;
}

/** Each system's form, made once (per definition: a test's registry may hold systems of its own). */
const cache = new WeakMap<SystemDefinition, ProfileForm>();

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields the labels list come first, in their order; the rest keep the schema's. */
function ordered(properties: Node, labels: ProfileLabels): Node {
  const order = Object.keys(labels.fields);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.fromEntries(Object.entries(properties).sort(([a], [b]) => rank(a) - rank(b)));
}

/** Writes the system's labels into a JSON Schema node and everything below it (a title the schema has itself wins). */
function labelled(node: Node, labels: ProfileLabels): Node {
  const out: Node = { ...node };
  if (isNode(node['properties'])) {
    const props = ordered(node['properties'], labels);
    out['properties'] = Object.fromEntries(
      Object.entries(props).map(([key, child]) => {
        if (!isNode(child)) return [key, child];
        const own = labels.fields[key];
        let next = labelled(child, labels);
        if (own && next['title'] === undefined)
          next = { ...next, title: own.short, ...(own.long ? { description: own.long } : {}) };
        // The game's own short label ("Sv (+)") also where the schema titles the field in full: a line of key numbers reads it.
        if (own) next = { ...next, 'x-label': own.short };
        const noun = labels.items?.[key];
        if (noun && isNode(next['items']) && next['items']['title'] === undefined)
          next = { ...next, items: { ...next['items'], title: noun } };
        return [key, next];
      }),
    );
  }
  if (isNode(node['items'])) out['items'] = labelled(node['items'], labels);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((n) => (isNode(n) ? labelled(n, labels) : n));
  return out;
}

/**
 * A system's unit profile as JSON Schema (zod's own conversion, input side so defaults are
 * optional) with the system's own labels and layout hints (its `roster.labels`), for the
 * renderer to build the unit editor's fields from. The host still validates every save against
 * the zod schema itself.
 */
export function profileForm(definition: SystemDefinition): ProfileForm {
  let form = cache.get(definition);
  if (!form) {
    const raw = z.toJSONSchema(definition.roster.profile, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    const labels = definition.roster.labels;
    form = { schema: labels ? labelled(raw, labels) : raw, hints: labels?.hints ?? {} };
    cache.set(definition, form);
  }
  return form;
}

/** The profile's JSON Schema alone (see `profileForm`). */
export const profileFormSchema = (definition: SystemDefinition): Record<string, unknown> =>
  profileForm(definition).schema;
