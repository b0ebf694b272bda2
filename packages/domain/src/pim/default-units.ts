import type { QuantityUnitInput } from './quantity-value-api.ts'

/**
 * The units an optics shop starts with (installed by migration): lengths for frame and lens
 * sizes, weights, pieces, warranty periods, magnification and optical power. Every group has one
 * base unit; the others convert into it (`value_in_base = value * factor + offset`).
 */
export const DEFAULT_QUANTITY_UNITS: readonly QuantityUnitInput[] = [
  // Length: base metre.
  { id: 'm', abbreviation: 'm', longname: 'metre', group: 'length', reference: 'SI' },
  unit('mm', 'mm', 'millimetre', 'length', 'm', 0.001),
  unit('cm', 'cm', 'centimetre', 'length', 'm', 0.01),
  unit('dm', 'dm', 'decimetre', 'length', 'm', 0.1),
  unit('um', 'µm', 'micrometre', 'length', 'm', 0.000001),
  // Mass: base kilogram.
  { id: 'kg', abbreviation: 'kg', longname: 'kilogram', group: 'mass', reference: 'SI' },
  unit('g', 'g', 'gram', 'mass', 'kg', 0.001),
  unit('mg', 'mg', 'milligram', 'mass', 'kg', 0.000001),
  // Count: base piece.
  { id: 'pcs', abbreviation: 'pcs', longname: 'pieces', group: 'count' },
  unit('pair', 'pair', 'pair', 'count', 'pcs', 2),
  unit('dozen', 'dozen', 'dozen', 'count', 'pcs', 12),
  // Periods: base month (warranties and subscriptions are counted in months).
  { id: 'months', abbreviation: 'months', longname: 'months', group: 'period' },
  unit('years', 'years', 'years', 'period', 'months', 12),
  // Volume (lens care solutions): base litre.
  { id: 'l', abbreviation: 'l', longname: 'litre', group: 'volume' },
  unit('ml', 'ml', 'millilitre', 'volume', 'l', 0.001),
  // Magnification of loupes and binoculars.
  { id: 'x', abbreviation: '×', longname: 'magnification', group: 'magnification' },
  // Optical power of lenses: dioptre = 1 / focal length in metres.
  { id: 'dpt', abbreviation: 'dpt', longname: 'dioptre', group: 'optical power', reference: 'SI' },
  // Angle (prism base, axis of cylinder).
  { id: 'deg', abbreviation: '°', longname: 'degree', group: 'angle' },
  // Temperature: base degree Celsius; Fahrenheit needs the offset.
  { id: 'celsius', abbreviation: '°C', longname: 'degree Celsius', group: 'temperature' },
  unit('fahrenheit', '°F', 'degree Fahrenheit', 'temperature', 'celsius', 5 / 9, -160 / 9),
  // Share (lens transmission, UV filtering).
  { id: 'percent', abbreviation: '%', longname: 'percent', group: 'share' },
]

function unit(
  id: string,
  abbreviation: string,
  longname: string,
  group: string,
  baseUnitId: string,
  factor: number,
  conversionOffset?: number,
): QuantityUnitInput {
  return {
    id,
    abbreviation,
    longname,
    group,
    baseUnitId,
    factor,
    ...(conversionOffset === undefined ? {} : { conversionOffset }),
  }
}
