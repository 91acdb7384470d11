import { BAND_HOME } from '@shop/contract';
import { describeCatalogues } from '@shop/shared/src/test/catalogues';
import en from './en';
import fr from './fr';

describeCatalogues('shell', { en, fr });

// The server writes the band's first word above a first view before the shell runs (contract BAND_HOME).
test("the breadcrumb's Home is the server's boot band's, in each locale", () => {
  expect({ en: en['breadcrumb.home'], fr: fr['breadcrumb.home'] }).toEqual(BAND_HOME);
});
