import { BrowserRouter, ToastArea } from '@shop/shared';
import { Frame } from './layout/Frame';
import { PageArea } from './layout/PageArea';
import { ScrollToTop } from './layout/ScrollToTop';
import { ShopRoutes } from './routing/ShopRoutes';
import styles from './App.module.css';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <a href="#main" className={styles.skip}>Skip to content</a>
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
