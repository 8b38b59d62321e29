/**
 * Demo delivery zones, the rules that place addresses in them, and their options.
 * Postcode patterns are tested against compact upper-case postcodes ('PA203AB'); the
 * demo's are postcode areas and districts staff can edit (ADR 065).
 */
import {
  COUNTRY_RULE_PRIORITY,
  postcodeAreaPattern,
  postcodeAreaPriority,
} from '../../../domain/delivery-zones.ts';

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

/** UK rules for postcode areas ('HS') and districts ('PA20'). */
const areas = (...list: string[]) =>
  list.map((area) => ({
    countryCode: 'GBR',
    postcodePattern: postcodeAreaPattern(area),
    priority: postcodeAreaPriority(area),
  }));

/** Districts `area` + from…to, e.g. PA20…PA49. */
const districts = (area: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${area}${from + i}`);

const country = (countryCode: string) => ({
  countryCode,
  postcodePattern: null,
  priority: COUNTRY_RULE_PRIORITY,
});
const EUROPE = ['FRA', 'DEU', 'IRL', 'NLD', 'BEL', 'ESP', 'ITA', 'PRT', 'DNK', 'LUX', 'AUT'];

export const demoZones: DemoZone[] = [
  {
    id: 'uk-mainland',
    name: 'UK mainland',
    taxExempt: false,
    rules: [country('GBR')],
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
      ...areas(
        ...['HS', 'ZE', 'KW', 'IV'],
        ...districts('PA', 20, 49),
        ...districts('PA', 60, 78),
        ...districts('PH', 17, 44),
        ...['KA27', 'KA28'],
        ...districts('PO', 30, 41),
        ...districts('TR', 21, 25),
        'IM',
      ),
      country('IMN'),
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
    rules: areas('BT'),
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
    rules: [...areas('JE', 'GY'), country('JEY'), country('GGY')],
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
    rules: EUROPE.map(country),
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
