// ISO 3166-1 alpha-2: every country and territory (249), its English and French names (issue 39). Written out
// rather than asked of Intl.DisplayNames, which jsdom and small-icu Node builds do not answer reliably.
// Addresses store the code beside the name; zones and tax rates name countries by code.

export interface Country {
  code: string;
  en: string;
  fr: string;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'AD', en: 'Andorra', fr: 'Andorre' },
  { code: 'AE', en: 'United Arab Emirates', fr: 'Émirats arabes unis' },
  { code: 'AF', en: 'Afghanistan', fr: 'Afghanistan' },
  { code: 'AG', en: 'Antigua and Barbuda', fr: 'Antigua-et-Barbuda' },
  { code: 'AI', en: 'Anguilla', fr: 'Anguilla' },
  { code: 'AL', en: 'Albania', fr: 'Albanie' },
  { code: 'AM', en: 'Armenia', fr: 'Arménie' },
  { code: 'AO', en: 'Angola', fr: 'Angola' },
  { code: 'AQ', en: 'Antarctica', fr: 'Antarctique' },
  { code: 'AR', en: 'Argentina', fr: 'Argentine' },
  { code: 'AS', en: 'American Samoa', fr: 'Samoa américaines' },
  { code: 'AT', en: 'Austria', fr: 'Autriche' },
  { code: 'AU', en: 'Australia', fr: 'Australie' },
  { code: 'AW', en: 'Aruba', fr: 'Aruba' },
  { code: 'AX', en: 'Åland Islands', fr: 'Îles Åland' },
  { code: 'AZ', en: 'Azerbaijan', fr: 'Azerbaïdjan' },
  { code: 'BA', en: 'Bosnia and Herzegovina', fr: 'Bosnie-Herzégovine' },
  { code: 'BB', en: 'Barbados', fr: 'Barbade' },
  { code: 'BD', en: 'Bangladesh', fr: 'Bangladesh' },
  { code: 'BE', en: 'Belgium', fr: 'Belgique' },
  { code: 'BF', en: 'Burkina Faso', fr: 'Burkina Faso' },
  { code: 'BG', en: 'Bulgaria', fr: 'Bulgarie' },
  { code: 'BH', en: 'Bahrain', fr: 'Bahreïn' },
  { code: 'BI', en: 'Burundi', fr: 'Burundi' },
  { code: 'BJ', en: 'Benin', fr: 'Bénin' },
  { code: 'BL', en: 'Saint Barthélemy', fr: 'Saint-Barthélemy' },
  { code: 'BM', en: 'Bermuda', fr: 'Bermudes' },
  { code: 'BN', en: 'Brunei', fr: 'Brunei' },
  { code: 'BO', en: 'Bolivia', fr: 'Bolivie' },
  { code: 'BQ', en: 'Caribbean Netherlands', fr: 'Pays-Bas caribéens' },
  { code: 'BR', en: 'Brazil', fr: 'Brésil' },
  { code: 'BS', en: 'Bahamas', fr: 'Bahamas' },
  { code: 'BT', en: 'Bhutan', fr: 'Bhoutan' },
  { code: 'BV', en: 'Bouvet Island', fr: 'Île Bouvet' },
  { code: 'BW', en: 'Botswana', fr: 'Botswana' },
  { code: 'BY', en: 'Belarus', fr: 'Biélorussie' },
  { code: 'BZ', en: 'Belize', fr: 'Belize' },
  { code: 'CA', en: 'Canada', fr: 'Canada' },
  { code: 'CC', en: 'Cocos (Keeling) Islands', fr: 'Îles Cocos (Keeling)' },
  { code: 'CD', en: 'Congo - Kinshasa', fr: 'Congo-Kinshasa' },
  { code: 'CF', en: 'Central African Republic', fr: 'République centrafricaine' },
  { code: 'CG', en: 'Congo - Brazzaville', fr: 'Congo-Brazzaville' },
  { code: 'CH', en: 'Switzerland', fr: 'Suisse' },
  { code: 'CI', en: 'Côte d’Ivoire', fr: 'Côte d’Ivoire' },
  { code: 'CK', en: 'Cook Islands', fr: 'Îles Cook' },
  { code: 'CL', en: 'Chile', fr: 'Chili' },
  { code: 'CM', en: 'Cameroon', fr: 'Cameroun' },
  { code: 'CN', en: 'China', fr: 'Chine' },
  { code: 'CO', en: 'Colombia', fr: 'Colombie' },
  { code: 'CR', en: 'Costa Rica', fr: 'Costa Rica' },
  { code: 'CU', en: 'Cuba', fr: 'Cuba' },
  { code: 'CV', en: 'Cape Verde', fr: 'Cap-Vert' },
  { code: 'CW', en: 'Curaçao', fr: 'Curaçao' },
  { code: 'CX', en: 'Christmas Island', fr: 'Île Christmas' },
  { code: 'CY', en: 'Cyprus', fr: 'Chypre' },
  { code: 'CZ', en: 'Czechia', fr: 'Tchéquie' },
  { code: 'DE', en: 'Germany', fr: 'Allemagne' },
  { code: 'DJ', en: 'Djibouti', fr: 'Djibouti' },
  { code: 'DK', en: 'Denmark', fr: 'Danemark' },
  { code: 'DM', en: 'Dominica', fr: 'Dominique' },
  { code: 'DO', en: 'Dominican Republic', fr: 'République dominicaine' },
  { code: 'DZ', en: 'Algeria', fr: 'Algérie' },
  { code: 'EC', en: 'Ecuador', fr: 'Équateur' },
  { code: 'EE', en: 'Estonia', fr: 'Estonie' },
  { code: 'EG', en: 'Egypt', fr: 'Égypte' },
  { code: 'EH', en: 'Western Sahara', fr: 'Sahara occidental' },
  { code: 'ER', en: 'Eritrea', fr: 'Érythrée' },
  { code: 'ES', en: 'Spain', fr: 'Espagne' },
  { code: 'ET', en: 'Ethiopia', fr: 'Éthiopie' },
  { code: 'FI', en: 'Finland', fr: 'Finlande' },
  { code: 'FJ', en: 'Fiji', fr: 'Fidji' },
  { code: 'FK', en: 'Falkland Islands', fr: 'Îles Malouines' },
  { code: 'FM', en: 'Micronesia', fr: 'Micronésie' },
  { code: 'FO', en: 'Faroe Islands', fr: 'Îles Féroé' },
  { code: 'FR', en: 'France', fr: 'France' },
  { code: 'GA', en: 'Gabon', fr: 'Gabon' },
  { code: 'GB', en: 'United Kingdom', fr: 'Royaume-Uni' },
  { code: 'GD', en: 'Grenada', fr: 'Grenade' },
  { code: 'GE', en: 'Georgia', fr: 'Géorgie' },
  { code: 'GF', en: 'French Guiana', fr: 'Guyane française' },
  { code: 'GG', en: 'Guernsey', fr: 'Guernesey' },
  { code: 'GH', en: 'Ghana', fr: 'Ghana' },
  { code: 'GI', en: 'Gibraltar', fr: 'Gibraltar' },
  { code: 'GL', en: 'Greenland', fr: 'Groenland' },
  { code: 'GM', en: 'Gambia', fr: 'Gambie' },
  { code: 'GN', en: 'Guinea', fr: 'Guinée' },
  { code: 'GP', en: 'Guadeloupe', fr: 'Guadeloupe' },
  { code: 'GQ', en: 'Equatorial Guinea', fr: 'Guinée équatoriale' },
  { code: 'GR', en: 'Greece', fr: 'Grèce' },
  { code: 'GS', en: 'South Georgia and South Sandwich Islands', fr: 'Géorgie du Sud-et-les Îles Sandwich du Sud' },
  { code: 'GT', en: 'Guatemala', fr: 'Guatemala' },
  { code: 'GU', en: 'Guam', fr: 'Guam' },
  { code: 'GW', en: 'Guinea-Bissau', fr: 'Guinée-Bissau' },
  { code: 'GY', en: 'Guyana', fr: 'Guyana' },
  { code: 'HK', en: 'Hong Kong', fr: 'Hong Kong' },
  { code: 'HM', en: 'Heard and McDonald Islands', fr: 'Îles Heard-et-MacDonald' },
  { code: 'HN', en: 'Honduras', fr: 'Honduras' },
  { code: 'HR', en: 'Croatia', fr: 'Croatie' },
  { code: 'HT', en: 'Haiti', fr: 'Haïti' },
  { code: 'HU', en: 'Hungary', fr: 'Hongrie' },
  { code: 'ID', en: 'Indonesia', fr: 'Indonésie' },
  { code: 'IE', en: 'Ireland', fr: 'Irlande' },
  { code: 'IL', en: 'Israel', fr: 'Israël' },
  { code: 'IM', en: 'Isle of Man', fr: 'Île de Man' },
  { code: 'IN', en: 'India', fr: 'Inde' },
  { code: 'IO', en: 'British Indian Ocean Territory', fr: 'Territoire britannique de l’océan Indien' },
  { code: 'IQ', en: 'Iraq', fr: 'Irak' },
  { code: 'IR', en: 'Iran', fr: 'Iran' },
  { code: 'IS', en: 'Iceland', fr: 'Islande' },
  { code: 'IT', en: 'Italy', fr: 'Italie' },
  { code: 'JE', en: 'Jersey', fr: 'Jersey' },
  { code: 'JM', en: 'Jamaica', fr: 'Jamaïque' },
  { code: 'JO', en: 'Jordan', fr: 'Jordanie' },
  { code: 'JP', en: 'Japan', fr: 'Japon' },
  { code: 'KE', en: 'Kenya', fr: 'Kenya' },
  { code: 'KG', en: 'Kyrgyzstan', fr: 'Kirghizstan' },
  { code: 'KH', en: 'Cambodia', fr: 'Cambodge' },
  { code: 'KI', en: 'Kiribati', fr: 'Kiribati' },
  { code: 'KM', en: 'Comoros', fr: 'Comores' },
  { code: 'KN', en: 'Saint Kitts and Nevis', fr: 'Saint-Christophe-et-Niévès' },
  { code: 'KP', en: 'North Korea', fr: 'Corée du Nord' },
  { code: 'KR', en: 'South Korea', fr: 'Corée du Sud' },
  { code: 'KW', en: 'Kuwait', fr: 'Koweït' },
  { code: 'KY', en: 'Cayman Islands', fr: 'Îles Caïmans' },
  { code: 'KZ', en: 'Kazakhstan', fr: 'Kazakhstan' },
  { code: 'LA', en: 'Laos', fr: 'Laos' },
  { code: 'LB', en: 'Lebanon', fr: 'Liban' },
  { code: 'LC', en: 'Saint Lucia', fr: 'Sainte-Lucie' },
  { code: 'LI', en: 'Liechtenstein', fr: 'Liechtenstein' },
  { code: 'LK', en: 'Sri Lanka', fr: 'Sri Lanka' },
  { code: 'LR', en: 'Liberia', fr: 'Liberia' },
  { code: 'LS', en: 'Lesotho', fr: 'Lesotho' },
  { code: 'LT', en: 'Lithuania', fr: 'Lituanie' },
  { code: 'LU', en: 'Luxembourg', fr: 'Luxembourg' },
  { code: 'LV', en: 'Latvia', fr: 'Lettonie' },
  { code: 'LY', en: 'Libya', fr: 'Libye' },
  { code: 'MA', en: 'Morocco', fr: 'Maroc' },
  { code: 'MC', en: 'Monaco', fr: 'Monaco' },
  { code: 'MD', en: 'Moldova', fr: 'Moldavie' },
  { code: 'ME', en: 'Montenegro', fr: 'Monténégro' },
  { code: 'MF', en: 'Saint Martin', fr: 'Saint-Martin' },
  { code: 'MG', en: 'Madagascar', fr: 'Madagascar' },
  { code: 'MH', en: 'Marshall Islands', fr: 'Îles Marshall' },
  { code: 'MK', en: 'North Macedonia', fr: 'Macédoine du Nord' },
  { code: 'ML', en: 'Mali', fr: 'Mali' },
  { code: 'MM', en: 'Myanmar (Burma)', fr: 'Myanmar (Birmanie)' },
  { code: 'MN', en: 'Mongolia', fr: 'Mongolie' },
  { code: 'MO', en: 'Macao', fr: 'Macao' },
  { code: 'MP', en: 'Northern Mariana Islands', fr: 'Îles Mariannes du Nord' },
  { code: 'MQ', en: 'Martinique', fr: 'Martinique' },
  { code: 'MR', en: 'Mauritania', fr: 'Mauritanie' },
  { code: 'MS', en: 'Montserrat', fr: 'Montserrat' },
  { code: 'MT', en: 'Malta', fr: 'Malte' },
  { code: 'MU', en: 'Mauritius', fr: 'Maurice' },
  { code: 'MV', en: 'Maldives', fr: 'Maldives' },
  { code: 'MW', en: 'Malawi', fr: 'Malawi' },
  { code: 'MX', en: 'Mexico', fr: 'Mexique' },
  { code: 'MY', en: 'Malaysia', fr: 'Malaisie' },
  { code: 'MZ', en: 'Mozambique', fr: 'Mozambique' },
  { code: 'NA', en: 'Namibia', fr: 'Namibie' },
  { code: 'NC', en: 'New Caledonia', fr: 'Nouvelle-Calédonie' },
  { code: 'NE', en: 'Niger', fr: 'Niger' },
  { code: 'NF', en: 'Norfolk Island', fr: 'Île Norfolk' },
  { code: 'NG', en: 'Nigeria', fr: 'Nigeria' },
  { code: 'NI', en: 'Nicaragua', fr: 'Nicaragua' },
  { code: 'NL', en: 'Netherlands', fr: 'Pays-Bas' },
  { code: 'NO', en: 'Norway', fr: 'Norvège' },
  { code: 'NP', en: 'Nepal', fr: 'Népal' },
  { code: 'NR', en: 'Nauru', fr: 'Nauru' },
  { code: 'NU', en: 'Niue', fr: 'Niue' },
  { code: 'NZ', en: 'New Zealand', fr: 'Nouvelle-Zélande' },
  { code: 'OM', en: 'Oman', fr: 'Oman' },
  { code: 'PA', en: 'Panama', fr: 'Panama' },
  { code: 'PE', en: 'Peru', fr: 'Pérou' },
  { code: 'PF', en: 'French Polynesia', fr: 'Polynésie française' },
  { code: 'PG', en: 'Papua New Guinea', fr: 'Papouasie-Nouvelle-Guinée' },
  { code: 'PH', en: 'Philippines', fr: 'Philippines' },
  { code: 'PK', en: 'Pakistan', fr: 'Pakistan' },
  { code: 'PL', en: 'Poland', fr: 'Pologne' },
  { code: 'PM', en: 'Saint Pierre and Miquelon', fr: 'Saint-Pierre-et-Miquelon' },
  { code: 'PN', en: 'Pitcairn Islands', fr: 'Îles Pitcairn' },
  { code: 'PR', en: 'Puerto Rico', fr: 'Porto Rico' },
  { code: 'PS', en: 'Palestine', fr: 'Palestine' },
  { code: 'PT', en: 'Portugal', fr: 'Portugal' },
  { code: 'PW', en: 'Palau', fr: 'Palaos' },
  { code: 'PY', en: 'Paraguay', fr: 'Paraguay' },
  { code: 'QA', en: 'Qatar', fr: 'Qatar' },
  { code: 'RE', en: 'Réunion', fr: 'La Réunion' },
  { code: 'RO', en: 'Romania', fr: 'Roumanie' },
  { code: 'RS', en: 'Serbia', fr: 'Serbie' },
  { code: 'RU', en: 'Russia', fr: 'Russie' },
  { code: 'RW', en: 'Rwanda', fr: 'Rwanda' },
  { code: 'SA', en: 'Saudi Arabia', fr: 'Arabie saoudite' },
  { code: 'SB', en: 'Solomon Islands', fr: 'Îles Salomon' },
  { code: 'SC', en: 'Seychelles', fr: 'Seychelles' },
  { code: 'SD', en: 'Sudan', fr: 'Soudan' },
  { code: 'SE', en: 'Sweden', fr: 'Suède' },
  { code: 'SG', en: 'Singapore', fr: 'Singapour' },
  { code: 'SH', en: 'Saint Helena', fr: 'Sainte-Hélène' },
  { code: 'SI', en: 'Slovenia', fr: 'Slovénie' },
  { code: 'SJ', en: 'Svalbard and Jan Mayen', fr: 'Svalbard et Jan Mayen' },
  { code: 'SK', en: 'Slovakia', fr: 'Slovaquie' },
  { code: 'SL', en: 'Sierra Leone', fr: 'Sierra Leone' },
  { code: 'SM', en: 'San Marino', fr: 'Saint-Marin' },
  { code: 'SN', en: 'Senegal', fr: 'Sénégal' },
  { code: 'SO', en: 'Somalia', fr: 'Somalie' },
  { code: 'SR', en: 'Suriname', fr: 'Suriname' },
  { code: 'SS', en: 'South Sudan', fr: 'Soudan du Sud' },
  { code: 'ST', en: 'São Tomé and Príncipe', fr: 'Sao Tomé-et-Principe' },
  { code: 'SV', en: 'El Salvador', fr: 'Salvador' },
  { code: 'SX', en: 'Sint Maarten', fr: 'Saint-Martin (partie néerlandaise)' },
  { code: 'SY', en: 'Syria', fr: 'Syrie' },
  { code: 'SZ', en: 'Eswatini', fr: 'Eswatini' },
  { code: 'TC', en: 'Turks and Caicos Islands', fr: 'Îles Turques-et-Caïques' },
  { code: 'TD', en: 'Chad', fr: 'Tchad' },
  { code: 'TF', en: 'French Southern Territories', fr: 'Terres australes françaises' },
  { code: 'TG', en: 'Togo', fr: 'Togo' },
  { code: 'TH', en: 'Thailand', fr: 'Thaïlande' },
  { code: 'TJ', en: 'Tajikistan', fr: 'Tadjikistan' },
  { code: 'TK', en: 'Tokelau', fr: 'Tokelau' },
  { code: 'TL', en: 'Timor-Leste', fr: 'Timor oriental' },
  { code: 'TM', en: 'Turkmenistan', fr: 'Turkménistan' },
  { code: 'TN', en: 'Tunisia', fr: 'Tunisie' },
  { code: 'TO', en: 'Tonga', fr: 'Tonga' },
  { code: 'TR', en: 'Türkiye', fr: 'Turquie' },
  { code: 'TT', en: 'Trinidad and Tobago', fr: 'Trinité-et-Tobago' },
  { code: 'TV', en: 'Tuvalu', fr: 'Tuvalu' },
  { code: 'TW', en: 'Taiwan', fr: 'Taïwan' },
  { code: 'TZ', en: 'Tanzania', fr: 'Tanzanie' },
  { code: 'UA', en: 'Ukraine', fr: 'Ukraine' },
  { code: 'UG', en: 'Uganda', fr: 'Ouganda' },
  { code: 'UM', en: 'U.S. Outlying Islands', fr: 'Îles mineures éloignées des États-Unis' },
  { code: 'US', en: 'United States', fr: 'États-Unis' },
  { code: 'UY', en: 'Uruguay', fr: 'Uruguay' },
  { code: 'UZ', en: 'Uzbekistan', fr: 'Ouzbékistan' },
  { code: 'VA', en: 'Vatican City', fr: 'État de la Cité du Vatican' },
  { code: 'VC', en: 'Saint Vincent and the Grenadines', fr: 'Saint-Vincent-et-les Grenadines' },
  { code: 'VE', en: 'Venezuela', fr: 'Venezuela' },
  { code: 'VG', en: 'British Virgin Islands', fr: 'Îles Vierges britanniques' },
  { code: 'VI', en: 'U.S. Virgin Islands', fr: 'Îles Vierges des États-Unis' },
  { code: 'VN', en: 'Vietnam', fr: 'Viêt Nam' },
  { code: 'VU', en: 'Vanuatu', fr: 'Vanuatu' },
  { code: 'WF', en: 'Wallis and Futuna', fr: 'Wallis-et-Futuna' },
  { code: 'WS', en: 'Samoa', fr: 'Samoa' },
  { code: 'YE', en: 'Yemen', fr: 'Yémen' },
  { code: 'YT', en: 'Mayotte', fr: 'Mayotte' },
  { code: 'ZA', en: 'South Africa', fr: 'Afrique du Sud' },
  { code: 'ZM', en: 'Zambia', fr: 'Zambie' },
  { code: 'ZW', en: 'Zimbabwe', fr: 'Zimbabwe' },
];

/** Codes as a pattern for the endpoint map (two capital letters; the API then checks the list). */
export const COUNTRY_CODE_PATTERN = '^[A-Z]{2}$';

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .replace(/[\s.-]+/g, ' ')
    .trim()
    .toLowerCase();
/** Other ways buyers write a country (compared folded: no accents, case or dots). */
const ALIASES: Record<string, string> = { uk: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', usa: 'US', 'u s a': 'US', 'u s': 'US', america: 'US', 'united states of america': 'US', holland: 'NL', 'the netherlands': 'NL', 'etats unis': 'US', 'royaume uni': 'GB', allemagne: 'DE', deutschland: 'DE', espana: 'ES', italia: 'IT', bharat: 'IN' };
const byName = new Map<string, string>();
for (const c of COUNTRIES) {
  byName.set(fold(c.en), c.code);
  byName.set(fold(c.fr), c.code);
}
for (const [alias, code] of Object.entries(ALIASES)) byName.set(alias, code);

/** Whether a text is a country's ISO code (upper-case, as stored). */
export const isCountryCode = (code: unknown): code is string => typeof code === 'string' && byCode.has(code);

/** A country by its code, or undefined. */
export const countryOf = (code: string | null | undefined): Country | undefined => (code ? byCode.get(code.toUpperCase()) : undefined);

/** A country's name in a locale (English for any other); the code itself when unknown. */
export function countryName(code: string, locale: string = 'en'): string {
  const c = countryOf(code);
  if (!c) return code;
  return locale === 'fr' ? c.fr : c.en;
}

/**
 * The ISO code an address's country text names: a code ('de', 'FR'), an English or French name
 * ('Germany', 'Allemagne', accents and case aside) or a common alias ('UK', 'USA'); null when none.
 * Addresses written before issue 39 kept only the text.
 */
export function countryCodeOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const t = text.trim();
  if (/^[A-Za-z]{2}$/.test(t)) {
    const code = t.toUpperCase();
    if (byCode.has(code)) return code;
  }
  return byName.get(fold(t)) ?? null;
}

/** Every country sorted by its name in a locale (what a country list shows). */
export function countriesSorted(locale: string = 'en'): Country[] {
  const key = locale === 'fr' ? 'fr' : 'en';
  return [...COUNTRIES].sort((a, b) => a[key].localeCompare(b[key], key));
}
