import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  editDistance,
  foldText,
  isPrefixTypoOf,
  isTypoOf,
  planSearch,
  skuCandidate,
  tokenise,
  type VocabularyHit,
} from './search.ts';

describe('search words', () => {
  it('folds accents, case and apostrophes so "Devil’s Crème" reads as "devils creme"', () => {
    expect(foldText('Devil’s Crème')).toBe('devils creme');
    expect(tokenise("  Devil's  IVY!! ")).toEqual(['devils', 'ivy']);
  });

  it('keeps only letters and digits: markup and SQL become plain words, symbols nothing', () => {
    expect(tokenise('<script>alert(1)</script>')).toEqual(['script', 'alert', '1', 'script']);
    expect(tokenise("'; DROP TABLE products; --")).toEqual(['drop', 'table', 'products']);
    expect(tokenise('💐 ✿ ——')).toEqual([]);
  });

  it('uses at most eight words of at most forty letters', () => {
    expect(tokenise('a b c d e f g h i j')).toHaveLength(8);
    expect(tokenise('x'.repeat(100))[0]).toHaveLength(40);
  });
});

describe('the typo rule', () => {
  it('forgives none below four letters, one from four, two from eight', () => {
    expect([allowedEdits('ivy'), allowedEdits('olve'), allowedEdits('hydrangia')]).toEqual([
      0, 1, 2,
    ]);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('olvie', 'olive')).toBe(1);
    expect(editDistance('monstra', 'monstera')).toBe(1);
    expect(editDistance('hydrangia', 'hydrangea')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('corrects the first letter too, within the allowance', () => {
    expect(isTypoOf('plive', 'olive')).toBe(true);
    expect(isTypoOf('ivu', 'ivy')).toBe(false);
    expect(isTypoOf('rise', 'rose')).toBe(true);
    expect(isTypoOf('hidrangia', 'hydrangea')).toBe(true);
    expect(isTypoOf('hudrengia', 'hydrangea')).toBe(false);
  });

  it('finds the word a typed beginning with a typo starts', () => {
    expect(isPrefixTypoOf('hydrn', 'hydrangea')).toBe(true);
    expect(isPrefixTypoOf('mosnt', 'monstera')).toBe(true);
    expect(isPrefixTypoOf('xyzq', 'monstera')).toBe(false);
  });
});

describe('planSearch', () => {
  const hit = (token: string, word: string, families = 1): VocabularyHit => ({
    token,
    word,
    families,
  });

  it('leaves known words alone, adds synonyms, and treats the last word as a prefix', () => {
    const plan = planSearch(['fake', 'plan'], {
      words: [hit('fake', 'fake'), hit('plan', 'plant'), hit('plan', 'plants')],
      synonyms: new Map([['fake', ['faux', 'artificial']]]),
    });
    expect(plan.corrected).toBeNull();
    expect(plan.words).toEqual([
      { token: 'fake', exact: ['fake', 'faux', 'artificial'], prefix: false, corrections: [] },
      { token: 'plan', exact: ['plan'], prefix: true, corrections: [] },
    ]);
  });

  it('corrects an unknown word to the closest, then commonest, vocabulary word', () => {
    const plan = planSearch(['olvie', 'tre'], {
      words: [hit('olvie', 'olive', 3), hit('olvie', 'alive', 9), hit('tre', 'tree')],
      synonyms: new Map(),
    });
    expect(plan.words[0]?.corrections).toEqual(['olive']);
    expect(plan.corrected).toBe('olive tre');
  });

  it('does not correct words too short to have typos', () => {
    const plan = planSearch(['ivu'], { words: [hit('ivu', 'ivy')], synonyms: new Map() });
    expect(plan.words[0]?.corrections).toEqual([]);
    expect(plan.corrected).toBeNull();
  });
});

describe('skuCandidate', () => {
  it('reads a SKU in any case, and refuses what cannot be one', () => {
    expect(skuCandidate(' olv-90-blk ')).toBe('OLV-90-BLK');
    expect(skuCandidate('olive tree')).toBeNull();
    expect(skuCandidate("x'; --")).toBeNull();
  });
});
