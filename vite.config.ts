import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Vite writes the stylesheet after every modulepreload link, and the browser requests in document
 * order: on a slow phone connection the page could not be drawn until some 25 scripts had been asked
 * for. The stylesheet goes first; the scripts are not needed for the first paint of a rendered page.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        let moved = html;
        for (const link of stylesheets) moved = moved.replace(link, '');
        return moved.replace(
          '<title>',
          `${stylesheets.map((link) => link.trim()).join('\n    ')}\n    <title>`,
        );
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), stylesheetFirst()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The CSP forbids inline scripts, so nothing may be inlined as a data: module either.
    assetsInlineLimit: 0,
    // dist/web/.vite/manifest.json maps sources to chunks; bench/web.ts reads it to prove that public
    // pages never download working-area code.
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
