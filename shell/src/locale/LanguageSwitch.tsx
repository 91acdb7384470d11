import { LOCALE_CODES, LOCALE_NAMES, loadCatalogues, useLocale, useLocation, useNavigate, type Locale } from '@shop/shared';
import { useT } from '../messages';
import styles from '../header/Header.module.css';

/** Goes to the same page (query and hash kept) in another language, its texts fetched first so it changes at once. */
export function useGoToLocale(): (locale: Locale) => Promise<void> {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  return async (locale) => {
    // A failed fetch is retried by the page itself (its catalogue suspends and loads again).
    await loadCatalogues([locale]).catch(() => undefined);
    navigate({ pathname, search, hash }, { locale });
  };
}

/** The header's language switch, beside the currency: the same page in the other language. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const goTo = useGoToLocale();
  return (
    <label className={styles.language}>
      <span className="visually-hidden">{t('header.language')}</span>
      <select value={locale} onChange={(e) => void goTo(e.target.value as Locale)}>
        {LOCALE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>{LOCALE_NAMES[code]}</option>
        ))}
      </select>
    </label>
  );
}
