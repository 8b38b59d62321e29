/**
 * Demo delivery zones, the rules that place addresses in them, and their options.
 * Postcode patterns are tested against compact upper-case postcodes ('PA203AB').
 */

export interface DemoZone {
  id: string;
  name: string;
  taxExempt: boolean;
  rules: { countryCode: string; postcodePattern: string | null; priority: number }[];
  options: {
    id: string;
    name: string;
    description: string;
    price: number;
    freeOver: number | null;
    /** Working days from dispatch to delivery (delivery estimates). */
    minDays: number;
    maxDays: number;
    /** UK hour before which an order leaves the same working day; null: no cut-off. */
    cutoffHour: number | null;
    /** Options delivered on one weekday only: that day (ISO, 6 = Saturday). */
    deliveryWeekday: number | null;
  }[];
}

const INWARD = '[0-9][A-Z]{2}$';
const EUROPE = ['FRA', 'DEU', 'IRL', 'NLD', 'BEL', 'ESP', 'ITA', 'PRT', 'DNK', 'LUX', 'AUT'];

export const demoZones: DemoZone[] = [
  {
    id: 'uk-mainland',
    name: 'UK mainland',
    taxExempt: false,
    rules: [{ countryCode: 'GBR', postcodePattern: null, priority: 0 }],
    options: [
      {
        id: 'uk-standard',
        name: 'Standard delivery',
        description: '3–5 working days. FREE on orders over £50.',
        price: 495,
        freeOver: 5000,
        minDays: 3,
        maxDays: 5,
        cutoffHour: null,
        deliveryWeekday: null,
      },
      {
        id: 'uk-next-day',
        name: 'Next working day',
        description: 'Order by 2pm for delivery the next working day.',
        price: 795,
        freeOver: null,
        minDays: 1,
        maxDays: 1,
        cutoffHour: 14,
        deliveryWeekday: null,
      },
      {
        id: 'uk-saturday',
        name: 'Saturday delivery',
        description: 'Order by 2pm on Friday for delivery on Saturday.',
        price: 1295,
        freeOver: null,
        minDays: 1,
        maxDays: 1,
        cutoffHour: 14,
        deliveryWeekday: 6,
      },
    ],
  },
  {
    id: 'uk-highlands-islands',
    name: 'Scottish Highlands and Islands, Isle of Man, Isle of Wight and Scilly',
    taxExempt: false,
    rules: [
      { countryCode: 'GBR', postcodePattern: `^(HS|ZE|KW|IV)[0-9]{1,2}${INWARD}`, priority: 10 },
      {
        countryCode: 'GBR',
        postcodePattern: `^PA(2[0-9]|3[0-9]|4[0-9]|6[0-9]|7[0-8])${INWARD}`,
        priority: 10,
      },
      {
        countryCode: 'GBR',
        postcodePattern: `^PH(1[7-9]|2[0-6]|3[0-9]|4[0-4])${INWARD}`,
        priority: 10,
      },
      { countryCode: 'GBR', postcodePattern: `^KA2[78]${INWARD}`, priority: 10 },
      { countryCode: 'GBR', postcodePattern: `^PO(3[0-9]|4[01])${INWARD}`, priority: 10 },
      { countryCode: 'GBR', postcodePattern: `^TR2[1-5]${INWARD}`, priority: 10 },
      { countryCode: 'GBR', postcodePattern: `^IM[0-9]{1,2}${INWARD}`, priority: 10 },
      { countryCode: 'IMN', postcodePattern: null, priority: 0 },
    ],
    options: [
      {
        id: 'hi-standard',
        name: 'Standard delivery',
        description: '5–7 working days. FREE on orders over £100.',
        price: 995,
        freeOver: 10000,
        minDays: 5,
        maxDays: 7,
        cutoffHour: null,
        deliveryWeekday: null,
      },
      {
        id: 'hi-express',
        name: 'Express delivery',
        description: '2–3 working days.',
        price: 1995,
        freeOver: null,
        minDays: 2,
        maxDays: 3,
        cutoffHour: null,
        deliveryWeekday: null,
      },
    ],
  },
  {
    id: 'northern-ireland',
    name: 'Northern Ireland',
    taxExempt: false,
    rules: [{ countryCode: 'GBR', postcodePattern: `^BT[0-9]{1,2}${INWARD}`, priority: 10 }],
    options: [
      {
        id: 'ni-standard',
        name: 'Standard delivery',
        description: '4–6 working days. FREE on orders over £75.',
        price: 795,
        freeOver: 7500,
        minDays: 4,
        maxDays: 6,
        cutoffHour: null,
        deliveryWeekday: null,
      },
    ],
  },
  {
    id: 'channel-islands',
    name: 'Channel Islands',
    taxExempt: true,
    rules: [
      { countryCode: 'GBR', postcodePattern: `^(JE|GY)[0-9]{1,2}${INWARD}`, priority: 20 },
      { countryCode: 'JEY', postcodePattern: null, priority: 0 },
      { countryCode: 'GGY', postcodePattern: null, priority: 0 },
    ],
    options: [
      {
        id: 'ci-standard',
        name: 'Standard delivery',
        description: '5–8 working days.',
        price: 1495,
        freeOver: null,
        minDays: 5,
        maxDays: 8,
        cutoffHour: null,
        deliveryWeekday: null,
      },
    ],
  },
  {
    id: 'europe',
    name: 'Europe',
    taxExempt: true,
    rules: EUROPE.map((countryCode) => ({ countryCode, postcodePattern: null, priority: 0 })),
    options: [
      {
        id: 'eu-standard',
        name: 'International standard',
        description: '7–10 working days.',
        price: 1995,
        freeOver: null,
        minDays: 7,
        maxDays: 10,
        cutoffHour: null,
        deliveryWeekday: null,
      },
      {
        id: 'eu-tracked',
        name: 'International tracked',
        description: '5–7 working days, tracked to your door.',
        price: 2995,
        freeOver: null,
        minDays: 5,
        maxDays: 7,
        cutoffHour: null,
        deliveryWeekday: null,
      },
    ],
  },
];
