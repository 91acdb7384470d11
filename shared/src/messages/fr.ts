import type { SharedMessages } from './en';

const fr: SharedMessages = {
  'remote.unavailableShort': 'Indisponible.',
  'remote.retry': 'Réessayer',
  'remote.unavailable': 'Cette partie de la boutique est momentanément indisponible.',
  'remote.checkConnection': "Nous n'avons pas pu la charger. Vérifiez votre connexion puis réessayez.",
  'notFound.title': 'Oups ! Cette page est introuvable.',
  'notFound.text': "Désolés, la page que vous cherchez n'existe pas, a été déplacée ou est momentanément indisponible.",
  'notFound.back': "Retour à l'accueil",
  'spinner.loading': 'Chargement',
  'pagination.label': 'Pagination',
  'pagination.showing': '{from} à {to} sur {count, plural, one {# résultat} other {# résultats}}',
  'pagination.prev': 'Précédent',
  'pagination.next': 'Suivant',
  'pagination.page': 'Page {page}',
  'price.notAvailable': 'Indisponible',
  'price.original': 'Prix initial : ',
  'price.sale': 'Prix soldé : ',
  'price.inclVat': 'TTC',
  'price.plusTax': 'HT',
  'country.choose': 'Choisissez un pays',
  'modal.close': 'Fermer',
  'modal.discardTitle': 'Abandonner les modifications ?',
  'modal.discardText': 'Vos modifications ne sont pas enregistrées. Fermer sans les enregistrer ?',
  'modal.keepEditing': 'Continuer',
  'modal.discard': 'Abandonner',
};
export default fr;
