import './lib/zod-csp';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Toaster } from './components/ui/toast';
import { showFlashToast } from './lib/flash-toast';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      {/* public-area.md section 9: tooltip delay 700 ms, skip delay 300 ms */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <RouterProvider router={router} />
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
showFlashToast();
