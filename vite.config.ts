import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { themeInitScript } from './src/shared/theme-init.js';

/**
 * The stylesheet is written into the page itself. A rendered page can be drawn as soon as its HTML and
 * styles arrive; as a separate file, the styles cost a phone on a slow connection one more round trip
 * before the first paint (Lighthouse measured LCP 2.4 s with the link). 8 KB compressed, once per visit:
 * the app moves between pages without loading HTML again. The CSP allows inline styles, not scripts.
 * The file itself stays in the build, unreferenced: nothing breaks should anything still ask for it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      let html = String(page.source);
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type !== 'asset' || !fileName.endsWith('.css')) continue;
        const css = String(file.source);
        if (css.includes('</style')) throw new Error(`${fileName} cannot be inlined: it contains </style`);
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${fileName}"[^>]*>`);
        if (!link.test(html)) continue;
        html = html.replace(link, () => `<style>${css}</style>`);
      }
      page.source = html;
    },
  };
}

/**
 * The theme script goes into the page before the first paint: as a file it was a request the browser
 * made and waited for before drawing anything. The server's CSP admits this text by its hash.
 */
function inlineThemeScript(): Plugin {
  const marker = '<!-- theme-init: vite.config.ts writes src/shared/theme-init.ts here -->';
  return {
    name: 'inline-theme-script',
    transformIndexHtml(html) {
      if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
      return html.replace(marker, () => `<script>${themeInitScript}</script>`);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), inlineThemeScript(), inlineStylesheet()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The CSP forbids inline scripts, so nothing may be inlined as a data: module either.
    assetsInlineLimit: 0,
    // dist/web/.vite/manifest.json maps sources to chunks; bench/web.ts reads it to prove that public
    // pages never download working-area code.
    manifest: true,
    // No modulepreload anywhere. In the page, the links had a phone download every script beside the
    // page before its first paint. For a lazy chunk, Vite's helper inserted one <link> per dependency
    // (16 to 31 per public page) inside React's hydration task: 120 ms of one task on Lighthouse's
    // phone. The browser now finds a chunk's imports as it reads the chunk
    // (docs/decisions/025-page-loading.md).
    modulePreload: false,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
