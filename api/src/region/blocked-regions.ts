/**
 * Where the platform is not offered (SPEC §1; terms of service). One list, with its sources:
 *
 * - The United States and its territories: US, PR, GU, VI, AS, MP, UM (ISO 3166-1).
 * - The EU-27 (europa.eu, "EU countries"), and the EU's outermost regions that carry country codes
 *   of their own: GP, GF, MQ, RE, YT, MF (TFEU art. 349; the Canaries, Azores and Madeira are
 *   geolocated as ES and PT, already listed).
 * - OFAC comprehensive sanctions (US Treasury, "Sanctions Programs and Country Information"):
 *   Cuba, Iran, North Korea, and the Crimea, Sevastopol, Donetsk and Luhansk regions of Ukraine.
 */
export const blockedCountries: ReadonlySet<string> = new Set([
  // United States and territories
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  // EU-27
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  // EU outermost regions with codes of their own
  'GP',
  'GF',
  'MQ',
  'RE',
  'YT',
  'MF',
  // OFAC comprehensively sanctioned countries
  'CU',
  'IR',
  'KP',
]);

/**
 * OFAC-sanctioned regions, by the subdivision names the GeoLite2 data uses (lower-cased). They are
 * matched whichever country the data files them under (UA or RU).
 */
export const blockedSubdivisions: ReadonlySet<string> = new Set([
  'crimea',
  'republic of crimea',
  'autonomous republic of crimea',
  'sevastopol',
  'sebastopol city',
  'donetsk',
  'donetsk oblast',
  'luhansk',
  'luhansk oblast',
  'lugansk',
]);

/** The countries whose subdivisions include the sanctioned regions. */
export const subdivisionCountries: ReadonlySet<string> = new Set(['UA', 'RU']);
