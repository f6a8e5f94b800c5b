import { refused, type Read } from './result';

/**
 * Bounds on a roster's XML, checked by one linear scan before any parser sees it, so the work a
 * file can cause is bounded by more than its bytes. A real 2,000-point roster has a few thousand
 * elements, a dozen levels, at most a dozen attributes on an element, and no value longer than a
 * rule's text.
 */
export const XML_LIMITS = {
  elements: 100_000,
  attributes: 300_000,
  attributesPerElement: 50,
  depth: 100,
  /** Characters of one attribute value or one run of text (a rule's text is a few thousand). */
  valueChars: 100_000,
  /**
   * Comments, processing instructions, declarations and CDATA sections together: a roster has its
   * `<?xml …?>` line and perhaps a comment or a CDATA text or two.
   */
  otherMarkup: 10_000,
};

const WORDS = {
  elements: 'elements',
  attributes: 'attributes',
  otherMarkup: 'comments, processing instructions, declarations and CDATA sections',
};

/** Where a scan of the text stops early: `null` when the file is fine or left to the parser to refuse. */
type Stop = Read<null>;
const PASS: Stop = { ok: true, value: null };

/**
 * Counts elements, attributes, depth, value lengths and the other markup (comments, processing
 * instructions, declarations, CDATA sections: each is work for the parser, and a file of millions
 * of `<?a?>` held the host for 10.9 s and 899 MB before it said no unit could be read) in one pass,
 * and refuses, in words, a file past any bound. It is no validator: what passes still goes through
 * the XML parser, which says what is malformed.
 */
export function checkXmlBounds(xml: string): Read<null> {
  const count = { elements: 0, attributes: 0, otherMarkup: 0, depth: 0 };
  let at = 0;
  const n = xml.length;
  while (at < n) {
    const open = xml.indexOf('<', at);
    const textEnd = open < 0 ? n : open;
    if (textEnd - at > XML_LIMITS.valueChars) return tooLong(textEnd - at, 'a run of text');
    if (open < 0) break;
    const next = xml.charCodeAt(open + 1);
    const step =
      next === 0x21 /* ! */ || next === 0x3f /* ? */
        ? otherMarkup(xml, open, count)
        : next === 0x2f /* / */
          ? endTag(xml, open, count)
          : startTag(xml, open, count);
    if (typeof step !== 'number') return step;
    at = step;
  }
  return PASS;
}

type Counts = { elements: number; attributes: number; otherMarkup: number; depth: number };

/** A comment, processing instruction, declaration or CDATA section, counted: where the scan goes on. */
function otherMarkup(xml: string, open: number, count: Counts): number | Stop {
  count.otherMarkup += 1;
  if (count.otherMarkup > XML_LIMITS.otherMarkup) return tooMany(WORDS.otherMarkup, XML_LIMITS.otherMarkup);
  const close = xml.startsWith('<!--', open)
    ? '-->'
    : xml.startsWith('<![CDATA[', open)
      ? ']]>'
      : xml.charCodeAt(open + 1) === 0x3f
        ? '?>'
        : '>';
  const end = xml.indexOf(close, open + 2);
  if (end < 0) return PASS; // unclosed: the parser says where
  if (close === ']]>' && end - open > XML_LIMITS.valueChars) return tooLong(end - open, 'a run of text');
  return end + close.length;
}

/** An end tag: one level up. */
function endTag(xml: string, open: number, count: Counts): number {
  count.depth -= 1;
  const end = xml.indexOf('>', open);
  return end < 0 ? xml.length : end + 1;
}

/** A start tag, its attributes counted (name="value" pairs; a value may hold ">" but never "<"). */
function startTag(xml: string, open: number, count: Counts): number | Stop {
  count.elements += 1;
  if (count.elements > XML_LIMITS.elements) return tooMany(WORDS.elements, XML_LIMITS.elements);
  let own = 0;
  let i = open + 1;
  let selfClosing = false;
  for (; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      const end = xml.indexOf(c === 0x22 ? '"' : "'", i + 1);
      if (end < 0) return PASS;
      if (end - i - 1 > XML_LIMITS.valueChars) return tooLong(end - i - 1, 'an attribute value');
      own += 1;
      i = end;
    } else if (c === 0x3e /* > */) {
      selfClosing = xml.charCodeAt(i - 1) === 0x2f;
      break;
    } else if (c === 0x3c /* < */) {
      break; // malformed: the parser says so
    }
  }
  count.attributes += own;
  if (own > XML_LIMITS.attributesPerElement)
    return tooMany('attributes on one element', XML_LIMITS.attributesPerElement);
  if (count.attributes > XML_LIMITS.attributes) return tooMany(WORDS.attributes, XML_LIMITS.attributes);
  if (!selfClosing && ++count.depth > XML_LIMITS.depth)
    return refused(
      `its XML cannot be read (it is nested more than ${XML_LIMITS.depth} levels deep, and a roster never is).`,
    );
  return i + 1;
}

const tooMany = (what: string, limit: number) =>
  refused(`it holds more than ${limit.toLocaleString('en')} ${what}, far more than any roster; it is not read.`);
const tooLong = (length: number, what: string) =>
  refused(
    `it holds ${what} of ${length.toLocaleString('en')} characters, far longer than any roster's (at most ${XML_LIMITS.valueChars.toLocaleString('en')}); it is not read.`,
  );
