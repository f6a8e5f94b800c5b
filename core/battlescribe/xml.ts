import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BsCategory, BsCharacteristic, BsCost, BsForce, BsProfile, BsRoster, BsRule, BsSelection } from './tree';
import { checkXmlBounds } from './census';
import { quoted, refused, type Read } from './result';

/** More selections than any real army holds: a file past it is refused rather than walked. */
export const MAX_SELECTIONS = 1000;
/** BattleScribe nests a dozen levels deep; the parser refuses a file nested past this. */
const MAX_NESTING = 100;

/** Elements that may repeat, so they always parse as lists (even when a file has one). */
const repeated = new Set([
  'force',
  'selection',
  'profile',
  'characteristic',
  'cost',
  'costLimit',
  'category',
  'rule',
  'catalogueLink',
]);

/**
 * Every string read is cut to a length no real roster reaches, before anything matches a pattern
 * on it: names and types (a unit's name is a few words), characteristic values (a 10th edition
 * ability's text is the longest, some hundred words) and rule text.
 */
export const FIELD_CHARS = { name: 300, value: 5_000, description: 10_000 };
const clip = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));

/**
 * Entity and DTD processing are off: a roster never declares entities, and a file that does is
 * refused before parsing (see `readRosterXml`), so nothing can expand. The five XML escapes and
 * character references are decoded by `decodeXmlText`, one pass, after parsing.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributesGroupName: '@',
  attributeNamePrefix: '',
  textNodeName: '#text',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  maxNestedTags: MAX_NESTING,
  isArray: (name) => repeated.has(name),
});

const escapes: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The text an XML escape stands for: the five predefined ones and character references (&#39;,
 * &#x2019;). Anything else is left as written; it could only come from a DTD, which is refused.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g,
    (whole, dec?: string, hex?: string, named?: string) => {
      if (named) return escapes[named] ?? whole;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
      // A surrogate alone is half a character: left as written rather than decoded into broken text.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    },
  );
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const attrs = (node: Node): Node => (isNode(node['@']) ? node['@'] : {});
const attr = (node: Node, name: string, max = FIELD_CHARS.name): string => {
  const value = attrs(node)[name];
  return typeof value === 'string' ? decodeXmlText(clip(value, max * 2)).slice(0, max) : '';
};
const text = (value: unknown, max: number): string => {
  const raw =
    typeof value === 'string' ? value : isNode(value) && typeof value['#text'] === 'string' ? value['#text'] : '';
  return decodeXmlText(clip(raw, max * 2)).slice(0, max);
};
/** The items of `<listName><itemName/>…</listName>` under a node. */
const items = (node: Node, listName: string, itemName: string): Node[] => {
  const list = node[listName];
  if (!isNode(list)) return [];
  const found = list[itemName];
  return Array.isArray(found) ? found.filter(isNode) : [];
};
const numberAttr = (node: Node, name: string, fallback: number): number => {
  const value = Number.parseFloat(attr(node, name));
  return Number.isFinite(value) ? value : fallback;
};

class TooManySelections extends Error {}

/**
 * Reads a roster's XML text as every roster editor has written it:
 * - BattleScribe 2.02 and later, and New Recruit: characteristic values as text, a profile's kind
 *   in `typeName`, costs in `<costs>`, a force's selections in its own `<selections>`;
 * - BattleScribe 2.00–2.01: values in a `value` attribute, the kind in `profileTypeName`, a force's
 *   selections grouped under its categories;
 * - BattleScribe 1.15: values in `value`, the kind in `type` (`<profile name="Necron Warrior"
 *   type="Unit">`), points in `points` attributes, selections under the force's categories, the
 *   force named by `forceTypeName`;
 * - BattleScribe 1.14: as 1.15, but the selections sit under the roster itself, each naming its
 *   force (a `catalogueLink`) and category by id.
 * Refused, with the reason in words: a DOCTYPE or entity declaration (the "billion laughs" and
 * external-entity attacks), a file past the element, attribute, depth or value-length bounds
 * (`XML_LIMITS`), XML that is not well-formed (a file cut short), a root other than `<roster>`,
 * more than 1,000 selections.
 */
export function readRosterXml(xml: string): Read<BsRoster> {
  const source = xml.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    return refused(
      'it declares its own XML entities (a DOCTYPE). Roster files never do, and such a file can expand to gigabytes, so it is not read.',
    );
  }
  const bounded = checkXmlBounds(source);
  if (!bounded.ok) return bounded;
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    return refused(
      `it is not well-formed XML (line ${valid.err.line}: ${quoted(valid.err.msg)}). The file may be cut short or damaged.`,
    );
  let document: unknown;
  try {
    document = parser.parse(source);
  } catch (error) {
    return refused(`its XML cannot be read (${quoted((error as Error).message)}).`);
  }
  const root = isNode(document) ? document['roster'] : undefined;
  if (!isNode(root))
    return refused('it is XML, but not a roster: a BattleScribe or New Recruit roster starts with <roster>.');
  try {
    return { ok: true, value: rosterOf(root) };
  } catch (error) {
    if (error instanceof TooManySelections)
      return refused(
        `it holds more than ${MAX_SELECTIONS.toLocaleString('en')} selections, more than any army; it is not read.`,
      );
    throw error;
  }
}

const cost = (node: Node): BsCost => ({ name: attr(node, 'name'), value: numberAttr(node, 'value', 0) });
/** Costs as a list (2.x), else BattleScribe 1.x's `points` attribute. */
const costs = (node: Node, list: string, item: string, points: string): BsCost[] => {
  const listed = items(node, list, item).map(cost);
  if (listed.length > 0 || attr(node, points) === '') return listed;
  return [{ name: 'pts', value: numberAttr(node, points, 0) }];
};
const rule = (node: Node): BsRule => ({
  name: attr(node, 'name'),
  description: text(node['description'], FIELD_CHARS.description),
});
const characteristicOf = (c: Node): BsCharacteristic => ({
  name: attr(c, 'name'),
  // 2.02 and later write the value as the element's text; 1.x and 2.00–2.01 in a `value` attribute.
  value: text(c, FIELD_CHARS.value) || attr(c, 'value', FIELD_CHARS.value),
});
const profile = (node: Node): BsProfile => ({
  name: attr(node, 'name'),
  // The kind by name: `typeName` (2.02 on), `profileTypeName` (2.00–2.01), `type` (1.x). Its id
  // (`typeId`, `profileTypeId`) names nothing without the game system's file, so is not read.
  typeName: attr(node, 'typeName') || attr(node, 'profileTypeName') || attr(node, 'type'),
  characteristics: items(node, 'characteristics', 'characteristic').map(characteristicOf),
});
const category = (node: Node): BsCategory => ({
  name: attr(node, 'name'),
  primary: attr(node, 'primary') === 'true',
});
/** BattleScribe's name for "no category": a selection under it is in none. */
const NO_CATEGORY = '(No Category)';

/** The roster element as plain data; throws `TooManySelections` past `MAX_SELECTIONS`. */
function rosterOf(root: Node): BsRoster {
  let count = 0;
  const selection = (node: Node, under?: BsCategory): BsSelection => {
    count += 1;
    if (count > MAX_SELECTIONS) throw new TooManySelections();
    const categories = items(node, 'categories', 'category').map(category);
    if (under && under.name !== NO_CATEGORY && !categories.some((c) => c.name === under.name)) categories.push(under);
    return {
      id: attr(node, 'id'),
      name: attr(node, 'customName').trim() || attr(node, 'name'),
      type: attr(node, 'type'),
      number: Math.max(0, Math.round(numberAttr(node, 'number', 1))),
      costs: costs(node, 'costs', 'cost', 'points'),
      categories,
      profiles: items(node, 'profiles', 'profile')
        .filter((p) => attr(p, 'hidden') !== 'true')
        .map(profile),
      rules: items(node, 'rules', 'rule')
        .filter((r) => attr(r, 'hidden') !== 'true')
        .map(rule),
      selections: items(node, 'selections', 'selection').map((s) => selection(s)),
    };
  };
  const force = (node: Node): BsForce => ({
    name: attr(node, 'name') || attr(node, 'forceTypeName'),
    catalogueName: attr(node, 'catalogueName'),
    rules: items(node, 'rules', 'rule').map(rule),
    selections: [
      ...items(node, 'selections', 'selection').map((s) => selection(s)),
      // BattleScribe 1.x and 2.00–2.01: a force's selections sit under its categories (HQ, Troops…), which they belong to.
      ...items(node, 'categories', 'category').flatMap((c) =>
        items(c, 'selections', 'selection').map((s) => selection(s, { name: attr(c, 'name'), primary: true })),
      ),
    ],
    forces: items(node, 'forces', 'force').map(force),
  });
  return {
    id: attr(root, 'id'),
    name: attr(root, 'name'),
    gameSystemId: attr(root, 'gameSystemId'),
    gameSystemName: attr(root, 'gameSystemName'),
    costs: costs(root, 'costs', 'cost', 'points'),
    costLimits: costs(root, 'costLimits', 'costLimit', 'pointsLimit'),
    forces: [...items(root, 'forces', 'force').map(force), ...linkedForces(root, selection)],
  };
}

/**
 * BattleScribe 1.14: no `<forces>`; the roster's own `<selections>` each name their force (a
 * `<catalogueLink>`, by `catalogueLinkId`) and category (by `categoryId`). One force per link that
 * has selections, in the file's order, then one unnamed for selections whose link is missing; the
 * roster's own rules go to the first.
 */
function linkedForces(root: Node, selection: (node: Node, under?: BsCategory) => BsSelection): BsForce[] {
  const loose = items(root, 'selections', 'selection');
  if (loose.length === 0) return [];
  const links = items(root, 'catalogueLinks', 'catalogueLink');
  const forces = new Map<Node | undefined, BsForce>(
    [...links, undefined].map((link) => [
      link,
      {
        name: link ? attr(link, 'forceTypeName') : '',
        catalogueName: link ? attr(link, 'catalogueName') : '',
        rules: [],
        selections: [],
        forces: [],
      },
    ]),
  );
  for (const node of loose) {
    const link = links.find((l) => attr(l, 'id') === attr(node, 'catalogueLinkId'));
    const slot = link
      ? items(link, 'categories', 'category').find((c) => attr(c, 'categoryId') === attr(node, 'categoryId'))
      : undefined;
    forces.get(link)!.selections.push(selection(node, slot ? { name: attr(slot, 'name'), primary: true } : undefined));
  }
  const found = [...forces.values()].filter((f) => f.selections.length > 0);
  if (found[0]) found[0].rules = items(root, 'rules', 'rule').map(rule);
  return found;
}
