import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Emits the top-level manifest.webmanifest into the build so the app, the SW precache and the HTML link share one file. */
function webManifest(): Plugin {
  return {
    name: 'blockspin-web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync('manifest.webmanifest', 'utf8') });
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync('manifest.webmanifest', 'utf8'));
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    webManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webp,woff2,webmanifest}'],
        // The install-sheet screenshots are fetched by the browser's install UI only. The admin chunks are not
        // precached, so customers never download them; an admin's first open caches them at run time (src/sw.ts).
        globIgnores: ['**/icons/screenshot-*.png', '**/assets/admin-control-*.js', '**/assets/super-admin-settings-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
  build: { manifest: true, sourcemap: false, target: 'es2022' },
});
