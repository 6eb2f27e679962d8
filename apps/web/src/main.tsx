import './shared/styles/first-load.ts';
import './app/a11y.css';
import { loadAllStrings } from './i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { applyDebugParam } from './shared/debug/debug-mode.ts';

// Before the first redirect ('/?debug=1' -> '/login') drops the query string.
applyDebugParam(window.location.search, window.localStorage);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The rest of the strings (i18n.ts): after the first render, so the login page is not kept waiting.
setTimeout(() => void loadAllStrings(), 0);

// The service worker (offline app shell, update prompt): after the page has loaded, off the first page's path.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./shared/pwa/register-sw.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
