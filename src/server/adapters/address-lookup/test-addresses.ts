/**
 * The test-mode lookup's addresses: a few real-format UK postcodes, each with a handful
 * of invented addresses (street names, numbers, businesses and buildings are made up;
 * none is copied from an address database). They cover every demo delivery zone a UK
 * lookup can give, with organisations, flats and named buildings. README lists them.
 *
 * Each address holds Postcoder's separate elements; the test-mode route derives
 * `premise`, `addressline1…N` and `summaryline` from them as Postcoder does.
 */

/** One address's elements, as Postcoder names them (absent when empty). */
export interface TestAddress {
  organisation?: string;
  subbuildingname?: string;
  buildingname?: string;
  number?: string;
  street?: string;
  dependentlocality?: string;
}

/** A postcode and its addresses. */
export interface TestPostcode {
  postcode: string;
  posttown: string;
  county: string;
  /** The demo delivery zone the postcode falls in (documentation and tests). */
  zone: string;
  /** What the postcode shows, for README. */
  note: string;
  addresses: TestAddress[];
}

export const TEST_POSTCODES: readonly TestPostcode[] = [
  {
    postcode: 'HG1 2AB',
    posttown: 'Harrogate',
    county: 'North Yorkshire',
    zone: 'uk-mainland',
    note: 'houses; 12 Orchard Lane is the demo account’s saved address',
    addresses: [
      { number: '8', street: 'Orchard Lane' },
      { number: '10', street: 'Orchard Lane' },
      { number: '12', street: 'Orchard Lane' },
      { buildingname: 'Bramble Cottage', street: 'Orchard Lane' },
      { organisation: 'Orchard Lane Dental Practice', number: '14', street: 'Orchard Lane' },
    ],
  },
  {
    postcode: 'SE1 9QX',
    posttown: 'London',
    county: 'Greater London',
    zone: 'uk-mainland',
    note: 'flats in a named building, shops with flats above, an office in a flat',
    addresses: [
      { organisation: 'Fernleaf Interiors Ltd', number: '41', street: 'Tanner Row' },
      { organisation: 'The Copper Kettle Café', number: '43', street: 'Tanner Row' },
      { subbuildingname: 'Flat A', number: '43', street: 'Tanner Row' },
      { subbuildingname: 'Flat B', number: '43', street: 'Tanner Row' },
      {
        subbuildingname: 'Flat 1',
        buildingname: 'Wren Court',
        number: '45',
        street: 'Tanner Row',
      },
      {
        subbuildingname: 'Flat 2',
        buildingname: 'Wren Court',
        number: '45',
        street: 'Tanner Row',
      },
      {
        organisation: 'Hollis & Marsh Architects',
        subbuildingname: 'Flat 3',
        buildingname: 'Wren Court',
        number: '45',
        street: 'Tanner Row',
      },
    ],
  },
  {
    postcode: 'PO30 1QT',
    posttown: 'Newport',
    county: 'Isle of Wight',
    zone: 'uk-highlands-islands',
    note: 'Isle of Wight: the islands delivery zone',
    addresses: [
      { number: '3', street: 'Carisbrooke Mews' },
      { number: '5', street: 'Carisbrooke Mews' },
      { organisation: 'Medina Garden Supplies', number: '7', street: 'Carisbrooke Mews' },
    ],
  },
  {
    postcode: 'EH3 9QF',
    posttown: 'Edinburgh',
    county: 'Midlothian',
    zone: 'uk-mainland',
    note: 'tenement flats (Scottish mainland)',
    addresses: [
      { subbuildingname: 'Flat 1F1', number: '22', street: 'Gilmour Terrace' },
      { subbuildingname: 'Flat 1F2', number: '22', street: 'Gilmour Terrace' },
      { subbuildingname: 'Flat 2F1', number: '22', street: 'Gilmour Terrace' },
      { subbuildingname: 'Flat 2F2', number: '22', street: 'Gilmour Terrace' },
      { organisation: 'Thistle & Fern Florists', number: '24', street: 'Gilmour Terrace' },
    ],
  },
  {
    postcode: 'PH16 5LX',
    posttown: 'Pitlochry',
    county: 'Perthshire',
    zone: 'uk-mainland',
    note: 'Highland Perthshire, yet mainland rates (PH16 is outside PH17–26)',
    addresses: [
      { buildingname: 'Craigour', street: 'Larchwood Road' },
      { buildingname: 'Birchbank House', street: 'Larchwood Road' },
      {
        organisation: 'Tummel View Guest House',
        buildingname: 'Tummel View',
        street: 'Larchwood Road',
      },
    ],
  },
  {
    postcode: 'IV2 4QW',
    posttown: 'Inverness',
    county: 'Inverness-shire',
    zone: 'uk-highlands-islands',
    note: 'the Highlands: Highlands and Islands rates',
    addresses: [
      { number: '1', street: 'Drumossie Crescent' },
      { number: '3', street: 'Drumossie Crescent' },
      { number: '5', street: 'Drumossie Crescent' },
      { organisation: 'Culloden Road Vets', number: '7', street: 'Drumossie Crescent' },
    ],
  },
  {
    postcode: 'ZE1 0QJ',
    posttown: 'Shetland',
    county: 'Shetland Islands',
    zone: 'uk-highlands-islands',
    note: 'Lerwick, Shetland: an island, with a dependent locality',
    addresses: [
      { number: '2', street: 'Haaf Lane', dependentlocality: 'Lerwick' },
      { number: '4', street: 'Haaf Lane', dependentlocality: 'Lerwick' },
      {
        organisation: 'Bressay Sound Crafts',
        buildingname: 'The Old Net Store',
        street: 'Haaf Lane',
        dependentlocality: 'Lerwick',
      },
    ],
  },
  {
    postcode: 'CF10 2QR',
    posttown: 'Cardiff',
    county: 'South Glamorgan',
    zone: 'uk-mainland',
    note: 'Wales: flats above a business',
    addresses: [
      { organisation: 'Taff Street Pharmacy', number: '16', street: 'Heol y Felin' },
      { subbuildingname: 'Flat 1', number: '16', street: 'Heol y Felin' },
      { subbuildingname: 'Flat 2', number: '16', street: 'Heol y Felin' },
      { number: '18', street: 'Heol y Felin' },
    ],
  },
  {
    postcode: 'SY23 4QL',
    posttown: 'Aberystwyth',
    county: 'Dyfed',
    zone: 'uk-mainland',
    note: 'rural Wales: named houses in a village',
    addresses: [
      { buildingname: 'Bryn Awel', dependentlocality: 'Llanfarian' },
      { buildingname: 'Tŷ Gwyn', dependentlocality: 'Llanfarian' },
      {
        organisation: 'Ystwyth Valley Nurseries',
        buildingname: 'Pen y Bont',
        dependentlocality: 'Llanfarian',
      },
    ],
  },
  {
    postcode: 'BT9 6QZ',
    posttown: 'Belfast',
    county: 'County Antrim',
    zone: 'northern-ireland',
    note: 'Northern Ireland rates',
    addresses: [
      { number: '31', street: 'Malone Grove' },
      { number: '33', street: 'Malone Grove' },
      { subbuildingname: 'Apartment 1', buildingname: 'Lagan House', street: 'Malone Grove' },
      { subbuildingname: 'Apartment 2', buildingname: 'Lagan House', street: 'Malone Grove' },
      { organisation: 'Linen Quarter Studio', number: '35', street: 'Malone Grove' },
    ],
  },
  {
    postcode: 'JE2 4QB',
    posttown: 'Jersey',
    county: 'Channel Islands',
    zone: 'channel-islands',
    note: 'Jersey: Channel Islands rates, charged without VAT',
    addresses: [
      { number: '6', street: 'Rue des Vignes', dependentlocality: 'St Helier' },
      { number: '8', street: 'Rue des Vignes', dependentlocality: 'St Helier' },
      {
        organisation: 'La Hougue Gardens Ltd',
        number: '10',
        street: 'Rue des Vignes',
        dependentlocality: 'St Helier',
      },
    ],
  },
];
