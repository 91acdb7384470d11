import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from './router';
import { NotFound } from './ui/NotFound';
import { ToastArea } from './toast';
import './styles/tokens.css';

export interface StandaloneRoute {
  path: string;
  element: ReactElement;
}

/** The minimal host page a remote's team uses to run that remote alone against the API. */
export function renderStandalone(name: string, routes: StandaloneRoute[]): void {
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <header style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', padding: '0.75rem 1rem', borderBottom: '1px solid var(--color-line)', fontSize: '0.875rem' }}>
        <strong>{name} (standalone)</strong>
        {routes.filter((r) => !r.path.includes(':')).map((r) => <Link key={r.path} to={r.path}>{r.path}</Link>)}
      </header>
      <main id="main">
        <Routes>
          {routes.map((r) => <Route key={r.path} path={r.path} element={r.element} />)}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
      <ToastArea />
    </BrowserRouter>,
  );
}
