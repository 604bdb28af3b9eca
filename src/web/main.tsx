import './lib/zod-csp';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { appTimeZoneMetaName, renderedStateElementId } from '../shared/server-rendering';
import { adoptServerState, createQueryClient } from './api/query-client';
import { AppProviders } from './app-providers';
import { setAppTimeZone } from './lib/app-time-zone';
import { showFlashToast } from './lib/flash-toast';
import { AppRoutes } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The zone the server drew the page's dates in (APP_TIMEZONE); without it (Vite's dev server) the default.
const timeZone = document.querySelector<HTMLMetaElement>(`meta[name="${appTimeZoneMetaName}"]`)?.content;
if (timeZone) setAppTimeZone(timeZone);

const queryClient = createQueryClient();
const renderedState = document.getElementById(renderedStateElementId);
if (renderedState?.textContent) {
  adoptServerState(queryClient, JSON.parse(renderedState.textContent));
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

if (renderedState) {
  // The server sent the page already drawn: React adopts it. As a transition the work yields to the
  // browser every few milliseconds, so a slow phone stays responsive to taps meanwhile.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
showFlashToast();
