/**
 * Demo catalogue for Everbloom: option types, categories and product families with their
 * sellable variations. Prices are VAT-inclusive integer pence. Loaded by seed.ts on first start.
 */
import type { DemoCategory, DemoOption, DemoProduct, DemoVariation } from './demo-types.ts';

/** Shipping weight and packed box size (square footprint `lengthMm`, height `heightMm`). */
function box(
  weightG: number,
  lengthMm: number,
  heightMm: number,
): Pick<DemoVariation, 'weightG' | 'lengthMm' | 'heightMm' | 'volumeCm3'> {
  return {
    weightG,
    lengthMm,
    heightMm,
    volumeCm3: Math.round((lengthMm * lengthMm * heightMm) / 1000),
  };
}

export const demoOptions: DemoOption[] = [
  {
    slug: 'size',
    name: 'Size',
    values: ['30cm', '45cm', '60cm', '90cm', '120cm', '150cm', '180cm'],
  },
  {
    slug: 'colour',
    name: 'Colour',
    values: ['White', 'Blush pink', 'Deep red', 'Yellow', 'Soft blue', 'Purple', 'Natural'],
  },
  {
    slug: 'pot',
    name: 'Pot',
    values: ['Black pot', 'Grey pot', 'Terracotta pot', 'White ceramic pot', 'No pot'],
  },
];

export const demoCategories: DemoCategory[] = [
  {
    slug: 'trees',
    name: 'Trees',
    description:
      'Statement artificial trees that bring height and greenery to any room, all year round.',
  },
  {
    slug: 'house-plants',
    name: 'House Plants',
    description:
      'Lifelike artificial house plants for shelves, sideboards and floors, with no watering needed.',
  },
  {
    slug: 'flowers',
    name: 'Flowers',
    description:
      'Faux flower stems, bouquets and blooms that stay fresh-looking from one season to the next.',
  },
  {
    slug: 'succulents-cacti',
    name: 'Succulents & Cacti',
    description:
      'Sculptural artificial succulents and cacti that add texture to desks and windowsills.',
  },
  {
    slug: 'hanging-trailing',
    name: 'Hanging & Trailing',
    description: 'Trailing artificial plants to spill from shelves, baskets and high cupboards.',
  },
  {
    slug: 'wreaths-garlands',
    name: 'Wreaths & Garlands',
    description:
      'Handmade-look artificial wreaths and garlands for front doors, mantelpieces and tables.',
  },
];

export const demoProducts: DemoProduct[] = [
  // ---------------------------------------------------------------- Trees
  {
    slug: 'artificial-olive-tree',
    name: 'Artificial Olive Tree',
    description:
      'A Mediterranean classic with silvery-green leaves, clusters of black olives and a natural-look ' +
      'trunk. UV-resistant foliage means it keeps its colour in a bright conservatory, and it never ' +
      'needs watering.',
    category: 'trees',
    imageStyle: 'tree',
    imageColour: '#7d8f69',
    variations: [
      {
        sku: 'OLV-90-BLK',
        price: 5499,
        quantityOnHand: 32,
        options: { size: '90cm', pot: 'Black pot' },
        ...box(2600, 300, 950),
      },
      {
        sku: 'OLV-90-GRY',
        price: 5499,
        quantityOnHand: 27,
        options: { size: '90cm', pot: 'Grey pot' },
        ...box(2600, 300, 950),
      },
      {
        sku: 'OLV-120-BLK',
        price: 7999,
        quantityOnHand: 21,
        options: { size: '120cm', pot: 'Black pot' },
        ...box(3900, 350, 1250),
      },
      {
        sku: 'OLV-120-GRY',
        price: 7999,
        quantityOnHand: 14,
        options: { size: '120cm', pot: 'Grey pot' },
        ...box(3900, 350, 1250),
      },
      {
        sku: 'OLV-150-BLK',
        price: 11999,
        quantityOnHand: 12,
        options: { size: '150cm', pot: 'Black pot' },
        ...box(5400, 400, 1550),
      },
      {
        sku: 'OLV-150-GRY',
        price: 11999,
        quantityOnHand: 10,
        options: { size: '150cm', pot: 'Grey pot' },
        ...box(5400, 400, 1550),
      },
    ],
  },
  {
    slug: 'artificial-fiddle-leaf-fig',
    name: 'Artificial Fiddle Leaf Fig',
    description:
      'Large, glossy violin-shaped leaves with realistic veining on a sturdy trunk. The interior ' +
      "designer's favourite, without the fussy watering schedule or dropped leaves.",
    category: 'trees',
    imageStyle: 'leafy',
    imageColour: '#3f6b35',
    variations: [
      {
        sku: 'FIG-90',
        price: 5999,
        quantityOnHand: 40,
        options: { size: '90cm' },
        ...box(2400, 350, 950),
      },
      {
        sku: 'FIG-120',
        price: 8999,
        quantityOnHand: 22,
        options: { size: '120cm' },
        ...box(3600, 400, 1250),
      },
      {
        sku: 'FIG-150',
        price: 12999,
        quantityOnHand: 0,
        discontinued: true,
        options: { size: '150cm' },
        ...box(5200, 450, 1550),
      },
    ],
  },
  {
    slug: 'artificial-japanese-maple',
    name: 'Artificial Japanese Maple',
    description:
      'Delicate, deep red lace-cut leaves on graceful branches for a touch of autumn colour indoors. ' +
      'Finished with a UV-resistant coating so the colour will not fade by a sunny window.',
    category: 'trees',
    imageStyle: 'tree',
    imageColour: '#a8322d',
    variations: [
      {
        sku: 'MAPLE-150',
        price: 18999,
        quantityOnHand: 2,
        isPreorder: true,
        restockDate: null,
        ...box(5800, 500, 1550),
      },
    ],
  },
  {
    slug: 'artificial-kentia-palm',
    name: 'Artificial Kentia Palm',
    description:
      'Elegant arching fronds on slender stems, just like the palm-court classic. Perfect for filling ' +
      'an empty corner, and it needs no watering, misting or feeding.',
    category: 'trees',
    imageStyle: 'palm',
    imageColour: '#4e7d3e',
    variations: [
      {
        sku: 'KENTIA-120',
        price: 12999,
        quantityOnHand: 25,
        options: { size: '120cm' },
        ...box(4200, 450, 1250),
      },
      {
        sku: 'KENTIA-150',
        price: 17999,
        quantityOnHand: 16,
        options: { size: '150cm' },
        ...box(5600, 500, 1550),
      },
      {
        sku: 'KENTIA-180',
        price: 24999,
        quantityOnHand: 9,
        options: { size: '180cm' },
        ...box(7400, 550, 1850),
      },
    ],
  },
  {
    slug: 'artificial-bay-topiary-tree',
    name: 'Artificial Bay Topiary Tree',
    description:
      'A neatly clipped ball of glossy bay leaves on a straight stem, ideal in pairs either side of a ' +
      'front door. UV-resistant and weatherproof for sheltered outdoor use.',
    category: 'trees',
    imageStyle: 'tree',
    imageColour: '#3d6b3a',
    variations: [
      {
        sku: 'BAY-90-GRY',
        price: 6999,
        quantityOnHand: 30,
        options: { size: '90cm', pot: 'Grey pot' },
        ...box(3000, 350, 950),
      },
      {
        sku: 'BAY-90-TER',
        price: 6999,
        quantityOnHand: 24,
        options: { size: '90cm', pot: 'Terracotta pot' },
        ...box(3300, 350, 950),
      },
      {
        sku: 'BAY-120-GRY',
        price: 9999,
        quantityOnHand: 18,
        options: { size: '120cm', pot: 'Grey pot' },
        ...box(4300, 400, 1250),
      },
      {
        sku: 'BAY-120-TER',
        price: 9999,
        quantityOnHand: 15,
        options: { size: '120cm', pot: 'Terracotta pot' },
        ...box(4600, 400, 1250),
      },
    ],
  },
  {
    slug: 'artificial-cherry-blossom-tree',
    name: 'Artificial Cherry Blossom Tree',
    description:
      'Clouds of soft pink blossom on natural wood branches bring springtime to a hallway or shop ' +
      'window. The silk-effect petals look convincingly real and never drop.',
    category: 'trees',
    imageStyle: 'tree',
    imageColour: '#f2a7bb',
    variations: [
      {
        sku: 'BLOSSOM-150',
        price: 14999,
        quantityOnHand: 14,
        options: { size: '150cm' },
        ...box(4800, 500, 1550),
      },
      {
        sku: 'BLOSSOM-180',
        price: 19999,
        quantityOnHand: 8,
        options: { size: '180cm' },
        ...box(6200, 550, 1850),
      },
    ],
  },
  {
    slug: 'artificial-bamboo-tree',
    name: 'Artificial Bamboo Tree',
    description:
      'Real-look bamboo canes topped with fresh green leaves for a calm, zen feel. Tall and slim, it ' +
      'makes a natural screen and stays green without any light or water.',
    category: 'trees',
    imageStyle: 'grass',
    imageColour: '#6a9a46',
    variations: [
      {
        sku: 'BAMBOO-150-BLK',
        price: 9999,
        quantityOnHand: 20,
        options: { size: '150cm', pot: 'Black pot' },
        ...box(4500, 400, 1550),
      },
      {
        sku: 'BAMBOO-150-WHT',
        price: 10999,
        quantityOnHand: 12,
        options: { size: '150cm', pot: 'White ceramic pot' },
        ...box(5600, 400, 1550),
      },
      {
        sku: 'BAMBOO-180-BLK',
        price: 13999,
        quantityOnHand: 11,
        options: { size: '180cm', pot: 'Black pot' },
        ...box(5900, 450, 1850),
      },
      {
        sku: 'BAMBOO-180-WHT',
        price: 14999,
        quantityOnHand: 10,
        options: { size: '180cm', pot: 'White ceramic pot' },
        ...box(7000, 450, 1850),
      },
    ],
  },
  {
    slug: 'artificial-lemon-tree',
    name: 'Artificial Lemon Tree',
    description:
      'A sunny lemon tree laden with bright yellow fruit and glossy leaves, supplied in a terracotta ' +
      'pot. It brings a little Amalfi charm to a kitchen or orangery with no care at all.',
    category: 'trees',
    imageStyle: 'tree',
    imageColour: '#4f7d3a',
    variations: [{ sku: 'LEMON-120', price: 13999, quantityOnHand: 18, ...box(4400, 400, 1250) }],
  },
  {
    slug: 'artificial-weeping-fig-tree',
    name: 'Artificial Weeping Fig Tree',
    description:
      'A full, bushy ficus with hundreds of small variegated leaves on gently weeping branches. ' +
      'Unlike the real thing it will never sulk and drop its leaves when moved.',
    category: 'trees',
    imageStyle: 'tree',
    imageColour: '#5a8a3c',
    variations: [
      {
        sku: 'FICUS-120',
        price: 9999,
        quantityOnHand: 26,
        options: { size: '120cm' },
        ...box(3800, 400, 1250),
      },
      {
        sku: 'FICUS-150',
        price: 12999,
        quantityOnHand: 19,
        options: { size: '150cm' },
        ...box(5000, 450, 1550),
      },
      {
        sku: 'FICUS-180',
        price: 16999,
        quantityOnHand: 7,
        options: { size: '180cm' },
        ...box(6600, 500, 1850),
      },
    ],
  },

  // --------------------------------------------------------- House plants
  {
    slug: 'artificial-bird-of-paradise',
    name: 'Artificial Bird of Paradise',
    description:
      'Dramatic, paddle-shaped leaves with natural splits and a tropical, architectural shape. At ' +
      '150cm tall it makes a bold floor-standing feature that never needs watering.',
    category: 'house-plants',
    imageStyle: 'leafy',
    imageColour: '#2f6b3a',
    variations: [{ sku: 'BOP-150', price: 11999, quantityOnHand: 5, ...box(5100, 500, 1550) }],
  },
  {
    slug: 'artificial-boston-fern',
    name: 'Artificial Boston Fern',
    description:
      'Lush, arching fronds of feathery foliage that look wonderful on a plant stand or bookcase. ' +
      'Keeps its full, fresh look all year with none of the shedding of a real fern.',
    category: 'house-plants',
    imageStyle: 'fern',
    imageColour: '#5b8c3a',
    variations: [{ sku: 'FERN-BOS', price: 3499, quantityOnHand: 60, ...box(1200, 400, 450) }],
  },
  {
    slug: 'artificial-monstera-plant',
    name: 'Artificial Monstera Plant',
    description:
      'The much-loved Swiss cheese plant, with large split leaves and realistic veining. Choose a ' +
      'simple black pot or a glazed white ceramic one.',
    category: 'house-plants',
    imageStyle: 'leafy',
    imageColour: '#2e6b3f',
    variations: [
      {
        sku: 'MONST-60-BLK',
        price: 3999,
        quantityOnHand: 45,
        options: { size: '60cm', pot: 'Black pot' },
        ...box(1500, 350, 650),
      },
      {
        sku: 'MONST-60-WHT',
        price: 4999,
        quantityOnHand: 30,
        options: { size: '60cm', pot: 'White ceramic pot' },
        ...box(2300, 350, 650),
      },
      {
        sku: 'MONST-90-BLK',
        price: 5999,
        quantityOnHand: 28,
        options: { size: '90cm', pot: 'Black pot' },
        ...box(2400, 450, 950),
      },
      {
        sku: 'MONST-90-WHT',
        price: 6999,
        quantityOnHand: 17,
        options: { size: '90cm', pot: 'White ceramic pot' },
        ...box(3300, 450, 950),
      },
    ],
  },
  {
    slug: 'artificial-snake-plant',
    name: 'Artificial Snake Plant',
    description:
      'Upright, sword-like leaves with striking yellow edges, just like a real sansevieria. A smart, ' +
      'low-profile plant for offices and bedrooms that needs no watering.',
    category: 'house-plants',
    imageStyle: 'grass',
    imageColour: '#3c6e47',
    variations: [
      {
        sku: 'SNAKE-60',
        price: 2999,
        quantityOnHand: 70,
        options: { size: '60cm' },
        ...box(1300, 250, 650),
      },
      {
        sku: 'SNAKE-90',
        price: 4499,
        quantityOnHand: 38,
        options: { size: '90cm' },
        ...box(2000, 300, 950),
      },
    ],
  },
  {
    slug: 'artificial-zz-plant',
    name: 'Artificial ZZ Plant',
    description:
      'Glossy, waxy leaves on upright stems for a crisp, modern look. Ideal for a dim corner where a ' +
      'real plant would struggle.',
    category: 'house-plants',
    imageStyle: 'leafy',
    imageColour: '#2f5f2a',
    variations: [{ sku: 'ZZ-60', price: 3999, quantityOnHand: 55, ...box(1400, 300, 650) }],
  },
  {
    slug: 'artificial-peace-lily',
    name: 'Artificial Peace Lily',
    description:
      'Deep green leaves and pure white spathes that look convincingly real on a windowsill or side ' +
      'table. Available in a white ceramic pot or without a pot to use with your own planter.',
    category: 'house-plants',
    imageStyle: 'leafy',
    imageColour: '#356b39',
    variations: [
      {
        sku: 'LILY-WHT',
        price: 3999,
        quantityOnHand: 42,
        options: { pot: 'White ceramic pot' },
        ...box(1800, 300, 650),
      },
      {
        sku: 'LILY-NOPOT',
        price: 2999,
        quantityOnHand: 64,
        options: { pot: 'No pot' },
        ...box(800, 300, 600),
      },
    ],
  },
  {
    slug: 'artificial-rubber-plant',
    name: 'Artificial Rubber Plant',
    description:
      'Broad, dark burgundy-green leaves with a subtle sheen on a branching stem. A characterful, ' +
      'easy-care plant that never needs wiping, feeding or watering.',
    category: 'house-plants',
    imageStyle: 'leafy',
    imageColour: '#2b4a2f',
    variations: [{ sku: 'RUBBER-90', price: 5499, quantityOnHand: 33, ...box(2300, 400, 950) }],
  },
  {
    slug: 'artificial-fountain-grass',
    name: 'Artificial Fountain Grass',
    description:
      'A soft, arching clump of fine grass blades that moves gently in a draught. UV-resistant, so it ' +
      'works equally well on a balcony or in a bright living room.',
    category: 'house-plants',
    imageStyle: 'grass',
    imageColour: '#8fae5a',
    variations: [
      {
        sku: 'GRASS-60-GRY',
        price: 2499,
        quantityOnHand: 80,
        options: { size: '60cm', pot: 'Grey pot' },
        ...box(1100, 300, 650),
      },
      {
        sku: 'GRASS-60-NOPOT',
        price: 1999,
        quantityOnHand: 95,
        options: { size: '60cm', pot: 'No pot' },
        ...box(500, 300, 600),
      },
    ],
  },
  {
    slug: 'living-room-trio-bundle',
    name: 'Living Room Trio Bundle',
    description:
      'Everything you need to green up a living room in one box: one Artificial Boston Fern, two Faux ' +
      'Eucalyptus Sprays and three Blush Pink Faux Peony Stems, chosen to look good together. Save £13.95 on buying them separately.',
    category: 'house-plants',
    imageStyle: 'bouquet',
    imageColour: '#f4b6c2',
    isBundle: true,
    variations: [
      {
        sku: 'BUNDLE-TRIO',
        price: 5999,
        quantityOnHand: 0,
        bundleComponents: [
          { sku: 'FERN-BOS', quantity: 1 },
          { sku: 'EUC-SPRAY', quantity: 2 },
          { sku: 'PEONY-PNK', quantity: 3 },
        ],
        ...box(1800, 450, 800),
      },
    ],
  },

  // -------------------------------------------------------------- Flowers
  {
    slug: 'artificial-wisteria-arch',
    name: 'Artificial Wisteria Arch',
    description:
      'A romantic arch draped in cascading lilac wisteria, perfect for weddings, garden parties or a ' +
      'permanent garden feature. UV-resistant blooms stay vivid through the summer.',
    category: 'flowers',
    imageStyle: 'trailing',
    imageColour: '#9b7fc9',
    variations: [
      {
        sku: 'WIS-ARCH',
        price: 14999,
        quantityOnHand: 0,
        isPreorder: true,
        restockDate: '2027-01-15',
        ...box(9500, 600, 1200),
      },
    ],
  },
  {
    slug: 'faux-peony-stem',
    name: 'Faux Peony Stem',
    description:
      'A full, ruffled peony head on a long wired stem that can be bent to shape. Mix a few in a vase ' +
      'for a bouquet that lasts for years.',
    category: 'flowers',
    imageStyle: 'flower-stems',
    imageColour: '#f4b6c2',
    variations: [
      {
        sku: 'PEONY-PNK',
        price: 699,
        quantityOnHand: 150,
        options: { colour: 'Blush pink' },
        imageColour: '#f4b6c2',
        ...box(60, 150, 700),
      },
      {
        sku: 'PEONY-WHT',
        price: 699,
        quantityOnHand: 130,
        options: { colour: 'White' },
        imageColour: '#f7f3ee',
        ...box(60, 150, 700),
      },
      {
        sku: 'PEONY-RED',
        price: 699,
        quantityOnHand: 110,
        options: { colour: 'Deep red' },
        imageColour: '#9e1b32',
        ...box(60, 150, 700),
      },
    ],
  },
  {
    slug: 'faux-eucalyptus-spray',
    name: 'Faux Eucalyptus Spray',
    description:
      'Soft silver-green rounded leaves on a natural-look stem, lovely on its own or to bulk out a ' +
      'bouquet. No dropping leaves and no need to change the water.',
    category: 'flowers',
    imageStyle: 'flower-stems',
    imageColour: '#8fa89b',
    variations: [{ sku: 'EUC-SPRAY', price: 899, quantityOnHand: 120, ...box(50, 150, 750) }],
  },
  {
    slug: 'faux-rose-stem',
    name: 'Faux Rose Stem',
    description:
      'A classic long-stemmed rose with velvety petals and realistic leaves. Give one that will last ' +
      "far longer than Valentine's Day.",
    category: 'flowers',
    imageStyle: 'flower-stems',
    imageColour: '#9e1b32',
    variations: [
      {
        sku: 'ROSE-RED',
        price: 499,
        quantityOnHand: 180,
        options: { colour: 'Deep red' },
        imageColour: '#9e1b32',
        ...box(40, 120, 650),
      },
      {
        sku: 'ROSE-PNK',
        price: 499,
        quantityOnHand: 160,
        options: { colour: 'Blush pink' },
        imageColour: '#f4b6c2',
        ...box(40, 120, 650),
      },
      {
        sku: 'ROSE-WHT',
        price: 499,
        quantityOnHand: 140,
        options: { colour: 'White' },
        imageColour: '#f7f3ee',
        ...box(40, 120, 650),
      },
    ],
  },
  {
    slug: 'faux-hydrangea-stem',
    name: 'Faux Hydrangea Stem',
    description:
      'A generous, rounded hydrangea head that fills a vase on its own. The petals have a soft, ' +
      'natural colour graduation for extra realism.',
    category: 'flowers',
    imageStyle: 'flower-stems',
    imageColour: '#8fa9d8',
    variations: [
      {
        sku: 'HYD-BLU',
        price: 899,
        quantityOnHand: 90,
        options: { colour: 'Soft blue' },
        imageColour: '#8fa9d8',
        ...box(80, 200, 600),
      },
      {
        sku: 'HYD-WHT',
        price: 899,
        quantityOnHand: 85,
        options: { colour: 'White' },
        imageColour: '#f4f1ea',
        ...box(80, 200, 600),
      },
      {
        sku: 'HYD-PNK',
        price: 899,
        quantityOnHand: 70,
        options: { colour: 'Blush pink' },
        imageColour: '#f0b7c8',
        ...box(80, 200, 600),
      },
    ],
  },
  {
    slug: 'artificial-lavender-bush',
    name: 'Artificial Lavender Bush',
    description:
      'A compact bush of purple lavender spikes and silvery leaves that brings a taste of Provence to ' +
      'a windowsill or patio. UV-resistant, so the colour holds up outdoors.',
    category: 'flowers',
    imageStyle: 'grass',
    imageColour: '#8e7cc3',
    variations: [
      {
        sku: 'LAV-30-TER',
        price: 1999,
        quantityOnHand: 75,
        options: { size: '30cm', pot: 'Terracotta pot' },
        ...box(900, 250, 350),
      },
      {
        sku: 'LAV-30-GRY',
        price: 1999,
        quantityOnHand: 60,
        options: { size: '30cm', pot: 'Grey pot' },
        ...box(900, 250, 350),
      },
      {
        sku: 'LAV-45-TER',
        price: 2999,
        quantityOnHand: 44,
        options: { size: '45cm', pot: 'Terracotta pot' },
        ...box(1400, 300, 500),
      },
      {
        sku: 'LAV-45-GRY',
        price: 2999,
        quantityOnHand: 36,
        options: { size: '45cm', pot: 'Grey pot' },
        ...box(1400, 300, 500),
      },
    ],
  },
  {
    slug: 'faux-tulip-bunch',
    name: 'Faux Tulip Bunch',
    description:
      'A bunch of seven real-touch tulips with smooth petals and slender leaves. Real-touch means they ' +
      'feel as convincing as they look, and they never droop.',
    category: 'flowers',
    imageStyle: 'bouquet',
    imageColour: '#f2c94c',
    variations: [
      {
        sku: 'TULIP-YEL',
        price: 1499,
        quantityOnHand: 65,
        options: { colour: 'Yellow' },
        imageColour: '#f2c94c',
        ...box(220, 200, 500),
      },
      {
        sku: 'TULIP-WHT',
        price: 1499,
        quantityOnHand: 58,
        options: { colour: 'White' },
        imageColour: '#f6f2e9',
        ...box(220, 200, 500),
      },
      {
        sku: 'TULIP-PNK',
        price: 1499,
        quantityOnHand: 47,
        options: { colour: 'Blush pink' },
        imageColour: '#f2a9bd',
        ...box(220, 200, 500),
      },
      {
        sku: 'TULIP-PUR',
        price: 1499,
        quantityOnHand: 39,
        options: { colour: 'Purple' },
        imageColour: '#7d4f9e',
        ...box(220, 200, 500),
      },
    ],
  },
  {
    slug: 'artificial-rose-and-peony-bouquet',
    name: 'Artificial Rose and Peony Bouquet',
    description:
      'A ready-arranged bouquet of blush roses, peonies and eucalyptus, hand-tied with a ribbon. ' +
      'Simply pop it in a vase for flowers that look freshly picked for years.',
    category: 'flowers',
    imageStyle: 'bouquet',
    imageColour: '#eea3b5',
    variations: [{ sku: 'BOUQ-ROSE', price: 4999, quantityOnHand: 28, ...box(600, 300, 600) }],
  },
  {
    slug: 'faux-pampas-grass-stems',
    name: 'Faux Pampas Grass Stems',
    description:
      'A set of three fluffy pampas plumes on tall stems, for an on-trend boho look. Unlike dried ' +
      'pampas, they will not shed all over the floor.',
    category: 'flowers',
    imageStyle: 'grass',
    imageColour: '#e2cfa8',
    variations: [
      {
        sku: 'PAMPAS-NAT',
        price: 1499,
        quantityOnHand: 88,
        options: { colour: 'Natural' },
        imageColour: '#e2cfa8',
        ...box(150, 150, 1000),
      },
      {
        sku: 'PAMPAS-PNK',
        price: 1499,
        quantityOnHand: 52,
        options: { colour: 'Blush pink' },
        imageColour: '#eac1c1',
        ...box(150, 150, 1000),
      },
    ],
  },
  {
    slug: 'artificial-phalaenopsis-orchid',
    name: 'Artificial Phalaenopsis Orchid',
    description:
      'An elegant moth orchid with twin arching stems of real-touch blooms in a white ceramic pot. ' +
      'Looks just like the real thing, without the worry of re-flowering.',
    category: 'flowers',
    imageStyle: 'orchid',
    imageColour: '#f5f0f4',
    variations: [
      {
        sku: 'ORCHID-WHT',
        price: 2999,
        quantityOnHand: 62,
        options: { colour: 'White' },
        imageColour: '#f5f0f4',
        ...box(900, 200, 650),
      },
      {
        sku: 'ORCHID-PNK',
        price: 2999,
        quantityOnHand: 48,
        options: { colour: 'Blush pink' },
        imageColour: '#e89bbf',
        ...box(900, 200, 650),
      },
      {
        sku: 'ORCHID-PUR',
        price: 2999,
        quantityOnHand: 35,
        options: { colour: 'Purple' },
        imageColour: '#8e4f9e',
        ...box(900, 200, 650),
      },
    ],
  },
  {
    slug: 'faux-sunflower-stem',
    name: 'Faux Sunflower Stem',
    description:
      'A cheerful, large-headed sunflower on a tall stem with textured leaves. Brightens up a kitchen ' +
      'table all year round.',
    category: 'flowers',
    imageStyle: 'flower-stems',
    imageColour: '#f2b705',
    variations: [{ sku: 'SUNF-STEM', price: 599, quantityOnHand: 140, ...box(50, 150, 750) }],
  },

  // ---------------------------------------------------- Succulents & cacti
  {
    slug: 'mini-succulent-pot',
    name: 'Mini Succulent in Pot',
    description:
      'A tiny, perfectly formed echeveria rosette in a little pot, just right for a desk or bathroom ' +
      'shelf. It needs no watering and no sunlight.',
    category: 'succulents-cacti',
    imageStyle: 'succulent',
    imageColour: '#8fb8a8',
    variations: [{ sku: 'GIFT-SUCC', price: 699, quantityOnHand: 500, ...box(150, 100, 120) }],
  },
  {
    slug: 'artificial-echeveria-trio',
    name: 'Artificial Echeveria Trio',
    description:
      'Three plump, blush-tipped echeveria rosettes in a long concrete-effect planter. A ready-made ' +
      'arrangement for a windowsill that never needs watering.',
    category: 'succulents-cacti',
    imageStyle: 'succulent',
    imageColour: '#9bbf9a',
    variations: [{ sku: 'ECHEV-TRIO', price: 1999, quantityOnHand: 85, ...box(600, 300, 150) }],
  },
  {
    slug: 'artificial-aloe-vera',
    name: 'Artificial Aloe Vera',
    description:
      'Fleshy, serrated leaves with a gentle speckle, just like a real aloe. Sits happily on a sunny ' +
      'sill thanks to its UV-resistant finish.',
    category: 'succulents-cacti',
    imageStyle: 'succulent',
    imageColour: '#6f9e6a',
    variations: [
      {
        sku: 'ALOE-30',
        price: 1499,
        quantityOnHand: 95,
        options: { size: '30cm' },
        ...box(500, 200, 350),
      },
      {
        sku: 'ALOE-45',
        price: 2499,
        quantityOnHand: 54,
        options: { size: '45cm' },
        ...box(900, 250, 500),
      },
    ],
  },
  {
    slug: 'artificial-barrel-cactus',
    name: 'Artificial Barrel Cactus',
    description:
      'A round, ribbed golden barrel cactus in a terracotta pot. All of the desert charm with none ' +
      'of the prickles.',
    category: 'succulents-cacti',
    imageStyle: 'cactus',
    imageColour: '#5f9149',
    variations: [{ sku: 'CACT-BARREL', price: 1799, quantityOnHand: 72, ...box(600, 200, 300) }],
  },
  {
    slug: 'artificial-saguaro-cactus',
    name: 'Artificial Saguaro Cactus',
    description:
      'A tall, branching desert cactus with realistic ribs and soft-touch spines. Makes a playful ' +
      'statement in a sunny room and needs no watering whatsoever.',
    category: 'succulents-cacti',
    imageStyle: 'cactus',
    imageColour: '#4f8a4a',
    variations: [
      {
        sku: 'SAGUARO-60',
        price: 2999,
        quantityOnHand: 48,
        options: { size: '60cm' },
        ...box(1300, 250, 650),
      },
      {
        sku: 'SAGUARO-90',
        price: 4999,
        quantityOnHand: 31,
        options: { size: '90cm' },
        ...box(2200, 300, 950),
      },
      {
        sku: 'SAGUARO-120',
        price: 7999,
        quantityOnHand: 13,
        options: { size: '120cm' },
        ...box(3400, 350, 1250),
      },
    ],
  },
  {
    slug: 'artificial-jade-plant',
    name: 'Artificial Jade Plant',
    description:
      'Chunky, glossy oval leaves on woody stems, traditionally said to bring good fortune. A ' +
      'thoughtful housewarming gift that is impossible to overwater.',
    category: 'succulents-cacti',
    imageStyle: 'succulent',
    imageColour: '#4c8a52',
    variations: [{ sku: 'JADE-30', price: 2499, quantityOnHand: 66, ...box(700, 250, 350) }],
  },

  // ---------------------------------------------------- Hanging & trailing
  {
    slug: 'artificial-string-of-pearls',
    name: 'Artificial String of Pearls',
    description:
      'Long strands of tiny bead-like leaves tumbling over the edge of a hanging pot. Lovely on a high ' +
      'shelf, where a real one would be a pain to water.',
    category: 'hanging-trailing',
    imageStyle: 'trailing',
    imageColour: '#7aa364',
    variations: [{ sku: 'PEARLS-60', price: 2499, quantityOnHand: 58, ...box(400, 250, 650) }],
  },
  {
    slug: 'artificial-hanging-devils-ivy',
    name: "Artificial Hanging Devil's Ivy",
    description:
      'Heart-shaped, marbled leaves on trailing vines, supplied in a hanging pot with a cord. ' +
      'Choose a 60cm or 90cm trail to suit your space.',
    category: 'hanging-trailing',
    imageStyle: 'trailing',
    imageColour: '#5e9440',
    variations: [
      {
        sku: 'POTHOS-60',
        price: 2999,
        quantityOnHand: 57,
        options: { size: '60cm' },
        ...box(700, 300, 650),
      },
      {
        sku: 'POTHOS-90',
        price: 3999,
        quantityOnHand: 34,
        options: { size: '90cm' },
        ...box(950, 300, 950),
      },
    ],
  },
  {
    slug: 'artificial-hanging-boston-fern',
    name: 'Artificial Hanging Boston Fern',
    description:
      'A generous ball of feathery fronds in a hanging basket, ideal for a porch or conservatory. ' +
      'UV-resistant, so it stays green in strong sunlight.',
    category: 'hanging-trailing',
    imageStyle: 'fern',
    imageColour: '#4f8a3a',
    variations: [{ sku: 'FERN-HANG', price: 3999, quantityOnHand: 40, ...box(1300, 450, 450) }],
  },
  {
    slug: 'artificial-string-of-hearts',
    name: 'Artificial String of Hearts',
    description:
      'Delicate trails of tiny silver-marbled heart-shaped leaves. A pretty, low-fuss choice for a ' +
      'bookcase or bathroom shelf.',
    category: 'hanging-trailing',
    imageStyle: 'trailing',
    imageColour: '#7f9a7a',
    variations: [{ sku: 'HEARTS-60', price: 1999, quantityOnHand: 77, ...box(300, 200, 650) }],
  },
  {
    slug: 'faux-hanging-wisteria-stem',
    name: 'Faux Hanging Wisteria Stem',
    description:
      'A cascading spray of lilac wisteria blossom to hang from a beam, arch or pergola. UV-resistant ' +
      'and weatherproof, so it can stay outside all summer.',
    category: 'hanging-trailing',
    imageStyle: 'trailing',
    imageColour: '#a58bd1',
    variations: [{ sku: 'WIS-STEM', price: 1099, quantityOnHand: 110, ...box(80, 150, 1000) }],
  },

  // ---------------------------------------------------- Wreaths & garlands
  {
    slug: 'trailing-ivy-garland',
    name: 'Trailing Ivy Garland',
    description:
      'A 180cm garland of variegated ivy leaves to drape along a mantelpiece, banister or table. ' +
      'Flexible and UV-resistant, so it suits indoor and sheltered outdoor spots.',
    category: 'wreaths-garlands',
    imageStyle: 'trailing',
    imageColour: '#4d7f3b',
    variations: [{ sku: 'IVY-GARL', price: 1299, quantityOnHand: 150, ...box(250, 250, 120) }],
  },
  {
    slug: 'eucalyptus-door-wreath',
    name: 'Eucalyptus Door Wreath',
    description:
      'Silver-dollar eucalyptus leaves on a natural willow base, for a fresh, Scandi-style welcome. ' +
      'Weather-resistant and ready to hang on a front door.',
    category: 'wreaths-garlands',
    imageStyle: 'wreath',
    imageColour: '#8fa89b',
    variations: [
      {
        sku: 'WREATH-EUC-45',
        price: 3999,
        quantityOnHand: 46,
        options: { size: '45cm' },
        ...box(700, 500, 150),
      },
      {
        sku: 'WREATH-EUC-60',
        price: 5499,
        quantityOnHand: 22,
        options: { size: '60cm' },
        ...box(1000, 650, 180),
      },
    ],
  },
  {
    slug: 'faux-olive-leaf-wreath',
    name: 'Faux Olive Leaf Wreath',
    description:
      'Slender olive leaves and tiny black olives woven around a twig base. Understated and elegant ' +
      'on a door or hung above a fireplace.',
    category: 'wreaths-garlands',
    imageStyle: 'wreath',
    imageColour: '#7d8f69',
    variations: [{ sku: 'WREATH-OLV', price: 3999, quantityOnHand: 38, ...box(650, 500, 150) }],
  },
  {
    slug: 'lavender-wreath',
    name: 'Lavender Wreath',
    description:
      'A pretty ring of lavender sprigs and soft grey-green leaves with a cottage-garden feel. Lovely ' +
      'on a bedroom door or kitchen wall.',
    category: 'wreaths-garlands',
    imageStyle: 'wreath',
    imageColour: '#8e7cc3',
    variations: [{ sku: 'WREATH-LAV', price: 3499, quantityOnHand: 41, ...box(600, 450, 150) }],
  },
  {
    slug: 'winter-berry-wreath',
    name: 'Winter Berry Wreath',
    description:
      'Deep green pine, holly and clusters of red berries for a traditional festive front door. ' +
      'Reuse it every Christmas; it will look just as good next year.',
    category: 'wreaths-garlands',
    imageStyle: 'wreath',
    imageColour: '#2f5d3a',
    variations: [{ sku: 'WREATH-BERRY', price: 4999, quantityOnHand: 55, ...box(900, 550, 180) }],
  },
  {
    slug: 'faux-eucalyptus-garland',
    name: 'Faux Eucalyptus Garland',
    description:
      'A 180cm trail of silvery eucalyptus for wedding tables, mantels and staircases. Easy to shape ' +
      'and reuse again and again.',
    category: 'wreaths-garlands',
    imageStyle: 'trailing',
    imageColour: '#8fa89b',
    variations: [{ sku: 'EUC-GARL', price: 2499, quantityOnHand: 68, ...box(300, 250, 120) }],
  },
  {
    // Sold out and not a pre-order: shows the back-in-stock sign-up (ADR 025).
    slug: 'artificial-calathea',
    name: 'Artificial Calathea',
    description:
      'Broad, striped leaves in deep green and soft pink on a compact 60cm plant, in a matt white ' +
      'pot. A bold splash of pattern for a shelf or side table, with no watering.',
    category: 'house-plants',
    imageStyle: 'leafy',
    imageColour: '#3f6b4f',
    variations: [{ sku: 'CALATHEA-60', price: 4499, quantityOnHand: 0, ...box(1500, 350, 600) }],
  },
];
