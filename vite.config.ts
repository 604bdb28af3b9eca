import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
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
