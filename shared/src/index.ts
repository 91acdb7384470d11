// The shared surface every app uses: keep it small, it is a contract between teams.
// Only the contract's core (contract/src/browserCore.ts): the other modules' values come from
// '@shop/shared/src/contract' in the remote that uses them, so this singleton stays small.
export * from '@shop/contract/core';
export * from './router';
export * from './atoms';
export * from './session';
export * from './guestCart';
export * from './config';
export * from './api';
export * from './toast';
export * from './format';
export * from './currency';
export { Button, buttonClass } from './ui/Button';
export { Spinner } from './ui/Spinner';
export { EmptyState } from './ui/EmptyState';
export { PriceTag } from './ui/PriceTag';
export { TaxNote } from './ui/TaxNote';
export { CountrySelect, addressCountryCode, useCountryName } from './ui/CountrySelect';
export { Modal, keepFocusIn } from './ui/Modal';
export { Pagination, pageCount } from './ui/Pagination';
export { DataTable, type Column } from './ui/DataTable';
export { Tabs } from './ui/Tabs';
export { useCombobox } from './ui/useCombobox';
export { Field, inputClass, fieldClass } from './ui/Field';
export { setRemoteLoader, setRemoteErrorReporter, loadRemoteModule, RemoteErrorBoundary, RemoteComponent } from './remote';
export { useDocumentTitle } from './useDocumentTitle';
export { useLogout } from './useLogout';
export { useLoad, type Loaded, type LoadOptions, type LoadStatus } from './useLoad';
export { FirstViewHost, endFirstView, useFirstViewShown, usePageReady } from './firstView';
export { NotFound } from './ui/NotFound';
export { defineCatalogue, loadCatalogues, useLocale, useMessages, type Catalogue, type Messages, type MessageValues, type Translate } from './i18n';
export { guardRedirect, RouteGuard } from './RouteGuard';
export { loadStorefrontContent, useStorefrontContent, type ContentState, type StorefrontContent } from './storefrontContent';
export { ContentLink } from './ui/ContentLink';
