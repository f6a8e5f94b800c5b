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
};

const WORDS = { elements: 'elements', attributes: 'attributes' };

/**
 * Counts elements, attributes, depth and value lengths in one pass (comments, CDATA and
 * processing instructions skipped whole) and refuses, in words, a file past any bound. It is no
 * validator: what passes still goes through the XML parser, which says what is malformed.
 */
export function checkXmlBounds(xml: string): Read<null> {
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  let at = 0;
  const n = xml.length;
  while (at < n) {
    const open = xml.indexOf('<', at);
    const textEnd = open < 0 ? n : open;
    if (textEnd - at > XML_LIMITS.valueChars) return tooLong(textEnd - at, 'a run of text');
    if (open < 0) break;
    const next = xml.charCodeAt(open + 1);
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      const close = xml.startsWith('<!--', open)
        ? '-->'
        : xml.startsWith('<![CDATA[', open)
          ? ']]>'
          : next === 0x3f
            ? '?>'
            : '>';
      const end = xml.indexOf(close, open + 2);
      if (end < 0) return { ok: true, value: null }; // unclosed: the parser says where
      if (close === ']]>' && end - open > XML_LIMITS.valueChars) return tooLong(end - open, 'a run of text');
      at = end + close.length;
      continue;
    }
    if (next === 0x2f /* / */) {
      depth -= 1;
      const end = xml.indexOf('>', open);
      at = end < 0 ? n : end + 1;
      continue;
    }
    // A start tag: its attributes are name="value" pairs; a value may hold ">" but never "<".
    elements += 1;
    if (elements > XML_LIMITS.elements) return tooMany(WORDS.elements, XML_LIMITS.elements);
    let own = 0;
    let i = open + 1;
    let selfClosing = false;
    for (; i < n; i++) {
      const c = xml.charCodeAt(i);
      if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
        const end = xml.indexOf(c === 0x22 ? '"' : "'", i + 1);
        if (end < 0) return { ok: true, value: null };
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
    attributes += own;
    if (own > XML_LIMITS.attributesPerElement)
      return tooMany('attributes on one element', XML_LIMITS.attributesPerElement);
    if (attributes > XML_LIMITS.attributes) return tooMany(WORDS.attributes, XML_LIMITS.attributes);
    if (!selfClosing) {
      depth += 1;
      if (depth > XML_LIMITS.depth)
        return refused(
          `its XML cannot be read (it is nested more than ${XML_LIMITS.depth} levels deep, and a roster never is).`,
        );
    }
    at = i + 1;
  }
  return { ok: true, value: null };
}

const tooMany = (what: string, limit: number) =>
  refused(`it holds more than ${limit.toLocaleString('en')} ${what}, far more than any roster; it is not read.`);
const tooLong = (length: number, what: string) =>
  refused(
    `it holds ${what} of ${length.toLocaleString('en')} characters, far longer than any roster's (at most ${XML_LIMITS.valueChars.toLocaleString('en')}); it is not read.`,
  );
