import { labelOf, singular, type LabelFallback } from './labels';
import { isRecord, parsePath, shapeOf, type Json, type JsonSchema } from './schema';

export interface ChainOptions {
  /** Names for fields whose schema has no title. */
  fallback?: LabelFallback;
  /** The word for one item of a list whose schema names none (key of the list). */
  itemNoun?: (listKey: string) => string | undefined;
  /** Fields drawn inside their parent without a heading (a profile): left out of the chain. */
  inline?: (path: string) => boolean;
}

/**
 * A field's place in the form said in the words on screen, from the outside in:
 * "attacker.units[0].profile.weaponSkill" → "Attacker — Swordsmen — Weapon Skill (WS)". A list
 * item is named by its `name` when it has one ("Swordsmen"), else by its noun and number
 * ("Unit 2"); an object drawn inline adds no word. Walks the JSON Schema beside the value.
 */
export function labelChain(schema: JsonSchema, value: Json, path: string, options: ChainOptions = {}): string[] {
  const words: string[] = [];
  let node: JsonSchema | undefined = schema;
  let at: Json = value;
  let listKey = '';
  let walked = '';
  for (const part of parsePath(path)) {
    const inner: JsonSchema | undefined = node ? shapeOf(node).inner : undefined;
    if (typeof part === 'number') {
      const item = Array.isArray(at) ? at[part] : undefined;
      const itemSchema: JsonSchema | undefined = inner?.items;
      const name = isRecord(item) && typeof item['name'] === 'string' ? item['name'].trim() : '';
      const noun = itemSchema?.title ?? options.itemNoun?.(listKey) ?? singular(words.at(-1) ?? 'Item');
      // The item's own name stands for the list's ("Weapons" → "Bolt rifle").
      if (words.length === 0) words.push('');
      words[words.length - 1] = name || `${noun} ${part + 1}`;
      node = itemSchema;
      at = item;
      walked = `${walked}[${part}]`;
      continue;
    }
    const child: JsonSchema | undefined = inner?.properties?.[part];
    walked = walked ? `${walked}.${part}` : part;
    if (!options.inline?.(walked)) words.push(labelOf(child, part, options.fallback).label);
    node = child;
    at = isRecord(at) ? at[part] : undefined;
    listKey = part;
  }
  return words;
}
