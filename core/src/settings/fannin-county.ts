/**
 * The Fannin County, Georgia tax preset ([settings.tax-preset]): offered in the Settings tab,
 * applied only when the owner picks it. Rates as published by the Georgia Department of Revenue
 * (state sales tax 4%, Fannin County local sales taxes 3%), Fannin County's hotel-motel excise
 * tax (6%) and Georgia's $5 per night hotel-motel fee (O.C.G.A. 48-13-50.3).
 */
import type { TaxLine } from './schema.js';

export const FANNIN_COUNTY_TAXES: readonly TaxLine[] = [
  { name: 'Georgia sales tax', kind: 'percent', bps: 400 },
  { name: 'Fannin County local sales tax', kind: 'percent', bps: 300 },
  { name: 'Fannin County hotel-motel tax', kind: 'percent', bps: 600 },
  { name: 'Georgia hotel-motel fee', kind: 'perNight', cents: 500 },
];

/** Shown next to the preset: rates change and depend on the property. */
export const FANNIN_COUNTY_NOTE =
  'Georgia sales tax 4% + Fannin County local tax 3%, Fannin County hotel-motel tax 6% and the Georgia $5 per night hotel-motel fee (O.C.G.A. 48-13-50.3). Rates change: confirm them with your accountant before you take bookings.';

/** Shown next to the card fee ([settings.card-fee]). */
export const CARD_SURCHARGE_NOTE =
  'Card networks allow a surcharge on credit cards only, capped, with disclosure to the guest. Or set it to 0 and fold the cost into your rates.';
