import { describeCatalogues } from '@shop/shared/src/test/catalogues';
import en from './en';
import fr from './fr';

describeCatalogues('mfe-account', { en, fr });
