import { useEffect } from 'react';

/**
 * Marks the document once the scripts have taken over the page (<html data-app-ready>). A page the
 * server drew shows its buttons before their code has arrived, and a click then does nothing; the
 * browser tests wait for this mark after opening an address instead of racing the scripts. Rendered
 * beside the page, inside its Suspense boundary, so it is adopted together with the page.
 */
export function AppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}
