import { useEffect, useState } from 'react';
import { preferredLocale, useLocale, type Locale } from '@shop/shared';
import { type ShellKey, useT } from '../messages';
import { useGoToLocale } from './LanguageSwitch';
import styles from './LanguageSuggestion.module.css';

/** Each language as the page's language names it ("French", "anglais"): the sentence is in the page's. */
const LANGUAGE_KEYS: Record<Locale, ShellKey> = { en: 'language.en', fr: 'language.fr' };

/** Once answered (taken or dismissed), the suggestion is not shown again on this browser. */
export const SUGGESTION_KEY = 'languageSuggestion';

/** The browser's preferred language the shop has, when it is not the page's and the visitor has not answered yet. */
function suggestedLocale(current: Locale): Locale | null {
  try {
    if (localStorage.getItem(SUGGESTION_KEY)) return null;
  } catch {
    return null;
  }
  const preferred = preferredLocale(navigator.languages ?? [navigator.language]);
  return preferred && preferred !== current ? preferred : null;
}

/**
 * First visit: the browser's languages (Accept-Language, navigator.languages) suggest the shop in one
 * of them, in a dismissible banner; never a silent redirect (the address a visitor followed is theirs).
 */
export function LanguageSuggestion() {
  const t = useT();
  const locale = useLocale();
  const goTo = useGoToLocale();
  const [suggested, setSuggested] = useState<Locale | null>(null);
  // After the first render: navigator is the browser's, and the first view must match the server's HTML.
  useEffect(() => setSuggested(suggestedLocale(locale)), [locale]);
  if (!suggested) return null;
  const answer = () => {
    try {
      localStorage.setItem(SUGGESTION_KEY, '1');
    } catch {
      // Private browsing without storage: the banner comes back on the next visit, no harm.
    }
    setSuggested(null);
  };
  const language = t(LANGUAGE_KEYS[suggested]);
  return (
    <section className={styles.banner} aria-label={t('suggest.label')}>
      <p>{t('suggest.text', { language })}</p>
      <button
        type="button"
        className={styles.go}
        onClick={() => {
          answer();
          void goTo(suggested);
        }}
      >
        {t('suggest.go', { language })}
      </button>
      <button type="button" className={styles.dismiss} onClick={answer}>{t('suggest.dismiss')}</button>
    </section>
  );
}
