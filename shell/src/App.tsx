import { BrowserRouter, ToastArea } from '@shop/shared';
import { PageArea } from './layout/PageArea';
import { Footer } from './footer/Footer';
import { MobileFooterBar } from './footer/MobileFooterBar';
import { Header } from './header/Header';
import { Breadcrumb } from './layout/Breadcrumb';
import { ScrollToTop } from './layout/ScrollToTop';
import { ShopRoutes } from './routing/ShopRoutes';
import styles from './App.module.css';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <a href="#main" className={styles.skip}>Skip to content</a>
      <Header />
      <Breadcrumb />
      <main id="main" className={styles.main}>
        <PageArea>
          <ShopRoutes />
        </PageArea>
      </main>
      <Footer />
      <MobileFooterBar />
      <ToastArea />
    </BrowserRouter>
  );
}
