import { describe, expect, it } from 'vitest';
import { joinParts } from '../../../core/summary/markdown';
import { resultAfterChoice } from '../../../core/summary/sheetSteps';
import { fixed2, luckSentence, luckWords, ordinalPercentile, percent } from '../../../core/summary/format';

describe('how odds read (the odds panel, the print view and Markdown share these)', () => {
  it('a percentile is an ordinal kept within 1st–99th', () => {
    expect([0.2, 1, 2, 3, 11, 12, 13, 22, 99.7].map(ordinalPercentile)).toEqual([
      '1st',
      '1st',
      '2nd',
      '3rd',
      '11th',
      '12th',
      '13th',
      '22nd',
      '99th',
    ]);
  });
  it('a mean never reads "-0.00"', () => {
    expect(fixed2(-0.001)).toBe('0.00');
    expect(fixed2(-0.5)).toBe('-0.50');
  });
  it('tiny and near-certain chances are not rounded to 0% or 100%', () => {
    expect(percent(0.0004)).toBe('<0.1%');
    expect(percent(0.9996)).toBe('>99.9%');
    expect(percent(0.25)).toBe('25.0%');
  });
  it('luck in words: 40 and below, 60 and above', () => {
    expect([40, 50, 60].map(luckWords)).toEqual(['below expectations', 'about as expected', 'above expectations']);
  });
});

describe('whose luck a percentile is', () => {
  it('names the attacker at the percentile and the defender at its mirror, each with its words', () => {
    expect(luckSentence(62, { attacker: 'Empire', defender: 'Orcs' }, false)).toBe(
      'The dice so far put Empire at the 62nd percentile (above expectations) and Orcs at the 38th (below expectations).',
    );
    expect(luckSentence(50, { attacker: 'Intercessors', defender: 'Boyz' }, true)).toBe(
      'The dice put Intercessors at the 50th percentile (about as expected) and Boyz at the 50th (about as expected).',
    );
  });
});

describe('a Markdown cell of several parts (core/summary/markdown.ts)', () => {
  it('puts "; " between parts, a space alone after a whole sentence, and drops empty parts', () => {
    expect(joinParts(['Chose: Pursue', 'caught'])).toBe('Chose: Pursue; caught');
    expect(joinParts(['Red win by 1 (3 − 2 = 1).', 'Red caused 3 wounds.', '', null, false, 'then'])).toBe(
      'Red win by 1 (3 − 2 = 1). Red caused 3 wounds. then',
    );
    expect(joinParts([])).toBe('');
  });
});

describe('a step as printed (the print view and Markdown share these)', () => {
  it('prints a result that only repeats the option chosen once, in the choice', () => {
    expect(
      resultAfterChoice({
        choice: 'Allocate the 2 hits as suggested: Boyz #1, Boyz #2',
        result: 'as suggested: Boyz #1, Boyz #2',
      }),
    ).toBe('');
  });
  it('keeps a result that says more than the choice', () => {
    expect(
      resultAfterChoice({
        choice: 'No more: the others ended more than 15cm from the enemy',
        result: 'no more units within 15cm',
      }),
    ).toBe('no more units within 15cm');
    expect(resultAfterChoice({ choice: null, result: '2 hits on Orks' })).toBe('2 hits on Orks');
  });
});
