// The shared parts' texts in English (SPEC's words, verbatim).
const en = {
  'remote.unavailableShort': 'Unavailable.',
  'remote.retry': 'Retry',
  'remote.unavailable': 'This part of the shop is unavailable right now.',
  'remote.checkConnection': 'We could not load it. Please check your connection and try again.',
  'notFound.title': 'Opps! This page Could Not Be Found!',
  'notFound.text': 'Sorry, the page you are looking for does not exist, was moved, or is temporarily unavailable.',
  'notFound.back': 'Back to homepage',
  'spinner.loading': 'Loading',
  'pagination.label': 'Pagination',
  'pagination.showing': 'Showing {from}-{to} of {count} results',
  'pagination.prev': 'Prev',
  'pagination.next': 'Next',
  'pagination.page': 'Page {page}',
  'price.notAvailable': 'Not Available',
  'price.original': 'Original price: ',
  'price.sale': 'Sale price: ',
  'price.inclVat': 'incl. VAT',
  'price.plusTax': '+ tax',
  'country.choose': 'Choose a country',
  'modal.close': 'Close',
  'modal.discardTitle': 'Discard changes?',
  'modal.discardText': 'You have unsaved changes. Close without saving them?',
  'modal.keepEditing': 'Keep editing',
  'modal.discard': 'Discard changes',
};
export default en;
export type SharedMessages = typeof en;
