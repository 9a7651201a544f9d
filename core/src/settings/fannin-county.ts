/**
 * The Fannin County, Georgia tax preset ([settings.tax-preset]): offered in the Settings tab,
 * applied only when the owner picks it. Rates as published by the Georgia Department of Revenue
 * (state sales tax 4%, Fannin County local sales taxes 3%), Fannin County's hotel-motel excise
 * tax (6%) and Georgia's $5 per night hotel-motel fee (O.C.G.A. 48-13-50.3).
 */
import type { TaxLine } from './schema.js';

/** Who collects Georgia's sales taxes and its hotel-motel fee. */
const GEORGIA_DOR = 'Georgia Department of Revenue';

export const FANNIN_COUNTY_TAXES: readonly TaxLine[] = [
  { name: 'Georgia sales tax', kind: 'percent', bps: 400, authority: GEORGIA_DOR },
  { name: 'Fannin County local sales tax', kind: 'percent', bps: 300, authority: GEORGIA_DOR },
  // Georgia's hotel-motel taxes are not charged on a stay of more than 30 consecutive nights
  // (O.C.G.A. Title 48, Chapter 13): stays of 31 nights and more pay neither ([pricing.tax-dates]).
  { name: 'Fannin County hotel-motel tax', kind: 'percent', bps: 600, authority: 'Fannin County', exemptFromNights: 31 },
  { name: 'Georgia hotel-motel fee', kind: 'perNight', cents: 500, authority: GEORGIA_DOR, exemptFromNights: 31 },
];

/** Shown next to the preset: rates change and depend on the property. */
export const FANNIN_COUNTY_NOTE =
  'Georgia sales tax 4% + Fannin County local tax 3%, Fannin County hotel-motel tax 6% and the Georgia $5 per night hotel-motel fee (O.C.G.A. 48-13-50.3). Rates change: confirm them with your accountant before you take bookings.';

/** Shown next to the card fee ([settings.card-fee]). */
export const CARD_SURCHARGE_NOTE =
  'Card networks allow a surcharge on credit cards only, capped, with disclosure to the guest. Or set it to 0 and fold the cost into your rates.';
