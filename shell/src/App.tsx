import { BrowserRouter, ToastArea } from '@shop/shared';
import { Frame } from './layout/Frame';
import { PageArea } from './layout/PageArea';
import { ScrollToTop } from './layout/ScrollToTop';
import { HtmlLang } from './locale/HtmlLang';
import { LanguageSuggestion } from './locale/LanguageSuggestion';
import { useT } from './messages';
import { ShopRoutes } from './routing/ShopRoutes';
import styles from './App.module.css';

function SkipLink() {
  const t = useT();
  return <a href="#main" className={styles.skip}>{t('app.skip')}</a>;
}

export function App() {
  return (
    <BrowserRouter>
      <HtmlLang />
      <ScrollToTop />
      <SkipLink />
      <LanguageSuggestion />
      <Frame
        page={
          <PageArea>
            <ShopRoutes />
          </PageArea>
        }
      />
      <ToastArea />
    </BrowserRouter>
  );
}
