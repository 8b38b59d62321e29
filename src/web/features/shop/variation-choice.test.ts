import { describe, expect, it } from 'vitest';
import { family, oliveTree } from './testing/fixtures.ts';
import {
  chooseOption,
  defaultVariation,
  valueState,
  variationFromParam,
} from './variation-choice.ts';

/** Size × Colour × Pot, with gaps, to test which option a forced change keeps. */
const lavender = family({
  id: 77,
  name: 'Artificial Lavender Bush',
  variations: [
    { id: 78, options: { Size: '30cm', Colour: 'Purple', Pot: 'Terracotta pot' }, price: 1999 },
    { id: 79, options: { Size: '30cm', Colour: 'White', Pot: 'Grey pot' }, price: 1999 },
    { id: 80, options: { Size: '45cm', Colour: 'White', Pot: 'Terracotta pot' }, price: 2999 },
    { id: 81, options: { Size: '45cm', Colour: 'Purple', Pot: 'Grey pot' }, price: 2999 },
  ],
});

const byId = (id: number) => lavender.variations.find((v) => v.id === id)!;
const optionId = (name: string) =>
  lavender.option_groups.find((g) => g.option.name === name)!.option.id;
const valueId = (option: string, value: string) =>
  lavender.option_groups
    .find((g) => g.option.name === option)!
    .values.find((v) => v.name === value)!.id;

describe('chooseOption', () => {
  it('keeps the earlier option (Size) when two candidates keep one option each', () => {
    // From 30cm Purple Terracotta, picking White: 79 keeps the size, 80 keeps the pot.
    const choice = chooseOption(lavender, byId(78), optionId('Colour'), valueId('Colour', 'White'));
    expect(choice?.variation.id).toBe(79);
    expect(choice?.changed).toEqual([{ option: 'Pot', value: 'Grey pot' }]);
  });

  it('prefers a variation still sold over a closer discontinued one', () => {
    const bush = family({
      id: 90,
      name: 'Artificial Lavender Bush',
      variations: [
        { id: 91, options: { Size: '30cm', Colour: 'Purple', Pot: 'Terracotta pot' }, price: 1999 },
        {
          id: 92,
          options: { Size: '30cm', Colour: 'White', Pot: 'Grey pot' },
          price: 1999,
          discontinued: true,
        },
        { id: 93, options: { Size: '45cm', Colour: 'White', Pot: 'Grey pot' }, price: 2999 },
      ],
    });
    const pot = bush.option_groups.find((g) => g.option.name === 'Pot')!;
    const grey = pot.values.find((v) => v.name === 'Grey pot')!;
    // 92 would keep the size, but it is discontinued; 93 can be bought.
    const choice = chooseOption(bush, bush.variations[0]!, pot.option.id, grey.id);
    expect(choice?.variation.id).toBe(93);
    expect(choice?.changed).toEqual([
      { option: 'Size', value: '45cm' },
      { option: 'Colour', value: 'White' },
    ]);
  });
});

describe('valueState', () => {
  it('marks values with no matching combination as unavailable', () => {
    expect(valueState(lavender, byId(78), optionId('Pot'), valueId('Pot', 'Grey pot'))).toBe(
      'unavailable',
    );
    expect(valueState(lavender, byId(78), optionId('Size'), valueId('Size', '30cm'))).toBe(
      'available',
    );
  });

  it('marks values whose only combination is out of stock', () => {
    const snake = family({
      id: 46,
      name: 'Artificial Snake Plant',
      variations: [
        { id: 47, options: { Size: '60cm' }, price: 2999 },
        { id: 48, options: { Size: '90cm' }, price: 4499, available: 0 },
      ],
    });
    const [sixty, ninety] = snake.variations;
    expect(valueState(snake, sixty!, 1, ninety!.options[0]!.value.id)).toBe('out_of_stock');
  });
});

describe('defaultVariation', () => {
  it('opens on the cheapest variation in stock, skipping a cheaper one that is sold out', () => {
    const aloe = family({
      id: 102,
      name: 'Artificial Aloe Vera',
      variations: [
        { id: 103, options: { Size: '30cm' }, price: 1499, available: 0 },
        { id: 104, options: { Size: '45cm' }, price: 2499 },
      ],
    });
    expect(defaultVariation(aloe)?.id).toBe(104);
  });

  it('falls back to the default for an unknown or foreign ?variation=', () => {
    expect(variationFromParam(oliveTree, '9999')?.id).toBe(2);
    expect(variationFromParam(oliveTree, 'abc')?.id).toBe(2);
    expect(variationFromParam(oliveTree, '5')?.id).toBe(5);
  });
});
