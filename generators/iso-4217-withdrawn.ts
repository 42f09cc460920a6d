/**
 * ISO 4217 codes that are no longer current: Table A.3 ("list three", historic denominations of
 * currencies and funds), plus the few historic codes that only secondary lists carry.
 *
 * Why a transcription and not a package: no npm package that the registry serves carries list three.
 * Checked: `currency-codes` (used for list one), `@iso4217/json` (list one as published 2023-01-01,
 * no historic table), `currency-codes-ts`, `iso4217` and `country-data` (list one, or an ad hoc mix).
 * Debian's `iso-codes` package carries an older copy of list three (`historic_iso_4217_entry` in
 * /usr/share/xml/iso-codes/iso_4217.xml); where that file exists, iso-codes.test.ts checks that every
 * code of it is in this list, so the two sources check each other.
 *
 * This list is used only to EXCLUDE strings from the pool of invalid currency codes (a deployment
 * whose list is older may still accept a historic code): an extra entry only makes that pool smaller,
 * a missing one is caught twice over, because the invalid pool also avoids every prefix that is, or
 * was, an ISO 3166 alpha-2 code (see iso-codes.ts).
 */
export const WITHDRAWN_ISO_4217_CODES: readonly string[] = Object.freeze([
  'ADF', // Andorran franc
  'ADP', // Andorran peseta
  'AFA', // Afghani (old)
  'ALK', // Old lek
  'AOK', // Kwanza
  'AON', // New kwanza
  'AOR', // Kwanza reajustado
  'ARA', // Austral
  'ARL', // Peso ley (Debian's list)
  'ARM', // Peso moneda nacional (Debian's list)
  'ARP', // Peso argentino
  'ARY', // Peso
  'ATS', // Schilling
  'AYM', // Azerbaijan manat (an anomalous code: AY was never an alpha-2 code)
  'AZM', // Azerbaijanian manat
  'BAD', // Bosnian dinar
  'BEC', // Convertible franc
  'BEF', // Belgian franc
  'BEL', // Financial franc
  'BGJ', // Lev A/52
  'BGK', // Lev A/62
  'BGL', // Lev
  'BOP', // Peso boliviano
  'BRB', // Cruzeiro
  'BRC', // Cruzado
  'BRE', // Cruzeiro
  'BRN', // New cruzado
  'BRR', // Cruzeiro real
  'BUK', // Kyat (Burma)
  'BYB', // Belarusian ruble (1992)
  'BYR', // Belarusian ruble (2000)
  'CHC', // WIR franc (for electronic)
  'CNX', // Peoples bank dollar (Debian's list)
  'CSD', // Serbian dinar (Serbia and Montenegro)
  'CSJ', // Krona A/53
  'CSK', // Koruna
  'CYP', // Cyprus pound
  'DDM', // Mark der DDR
  'DEM', // Deutsche Mark
  'ECS', // Sucre
  'ECV', // Unidad de valor constante
  'EEK', // Kroon
  'EQE', // Ekwele (secondary lists; ISO's own code is GQE)
  'ESA', // Spanish peseta (account A)
  'ESB', // Spanish peseta (account B)
  'ESP', // Spanish peseta
  'FIM', // Markka
  'FRF', // French franc
  'GEK', // Georgian coupon
  'GHC', // Cedi
  'GHP', // Ghana cedi
  'GNE', // Syli
  'GNS', // Syli
  'GQE', // Ekwele
  'GRD', // Drachma
  'GWE', // Guinea escudo
  'GWP', // Guinea-Bissau peso
  'HRD', // Croatian dinar
  'HRK', // Kuna (withdrawn 2023)
  'IEP', // Irish pound
  'ILP', // Pound
  'ILR', // Old shekel
  'ISJ', // Old krona
  'ITL', // Italian lira
  'LAJ', // Pathet Lao kip
  'LSM', // Loti
  'LTL', // Lithuanian litas
  'LTT', // Talonas
  'LUC', // Luxembourg convertible franc
  'LUF', // Luxembourg franc
  'LUL', // Luxembourg financial franc
  'LVL', // Latvian lats
  'LVR', // Latvian ruble
  'MAF', // Moroccan franc (Debian's list)
  'MCF', // Monegasque franc (secondary lists)
  'MGF', // Malagasy franc
  'MLF', // Mali franc
  'MRO', // Ouguiya (withdrawn 2018)
  'MTL', // Maltese lira
  'MTP', // Maltese pound
  'MVQ', // Maldive rupee
  'MXP', // Mexican peso
  'MZE', // Mozambique escudo
  'MZM', // Mozambique metical
  'NIC', // Cordoba
  'NLG', // Netherlands guilder
  'PEH', // Sol
  'PEI', // Inti
  'PES', // Sol
  'PLZ', // Zloty
  'PTE', // Portuguese escudo
  'RHD', // Rhodesian dollar
  'ROK', // Leu A/52
  'ROL', // Old leu
  'RUR', // Russian ruble (1992)
  'SDD', // Sudanese dinar
  'SDG', // Sudanese pound (1992; the code was assigned again in 2007)
  'SDP', // Sudanese pound
  'SIT', // Tolar
  'SKK', // Slovak koruna
  'SLL', // Leone (withdrawn 2024)
  'SML', // San Marino lira (secondary lists)
  'SRG', // Surinam guilder
  'STD', // Dobra (withdrawn 2018)
  'SUR', // Rouble
  'TJR', // Tajik ruble
  'TLE', // Timor escudo (Debian's list)
  'TMM', // Turkmenistan manat
  'TPE', // Timor escudo
  'TRL', // Old Turkish lira
  'UAK', // Karbovanet
  'UGS', // Uganda shilling
  'UGW', // Old shilling
  'USS', // US dollar (same day)
  'UYN', // Old Uruguay peso
  'UYP', // Uruguayan peso
  'VAL', // Vatican lira (secondary lists)
  'VEB', // Bolivar
  'VEF', // Bolivar fuerte
  'VNC', // Old dong
  'XEU', // European currency unit
  'XFO', // Gold franc
  'XFU', // UIC franc
  'XRE', // RINET funds code
  'YDD', // Yemeni dinar
  'YUD', // New Yugoslavian dinar
  'YUM', // New dinar
  'YUN', // Yugoslavian dinar
  'ZAL', // Financial rand
  'ZMK', // Zambian kwacha (withdrawn 2013)
  'ZRN', // New zaire
  'ZRZ', // Zaire
  'ZWC', // Rhodesian dollar
  'ZWD', // Zimbabwe dollar (2006)
  'ZWL', // Zimbabwe dollar (withdrawn 2024)
  'ZWN', // Zimbabwe dollar (new)
  'ZWR', // Zimbabwe dollar (2008)
]);
