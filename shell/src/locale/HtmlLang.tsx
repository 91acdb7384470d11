import { useEffect } from 'react';
import { useLocale } from '@shop/shared';

/** <html lang> follows the page's locale (the server sets it in the HTML it sends; a switch changes it here). */
export function HtmlLang() {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
