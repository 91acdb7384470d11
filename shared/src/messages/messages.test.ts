import { describeCatalogues } from '../test/catalogues';
import en from './en';
import fr from './fr';

describeCatalogues('shared', { en, fr });
