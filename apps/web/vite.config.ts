import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { featureChunks } from './build/feature-chunks.ts';
import { loginWeight } from './build/login-weight.ts';
import { precompress } from './build/precompress.ts';
import { preloadDeps } from './build/preload-deps.ts';
import { serviceWorker } from './build/service-worker.ts';

const apiTarget = process.env.FLEET_API_TARGET ?? 'http://127.0.0.1:8080';
// Everything the server owns; the dev server forwards it so cookies and host-based branding behave as in production.
const proxied = ['/api', '/brand', '/manifest.webmanifest'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress(), featureChunks(), loginWeight(), serviceWorker(), preloadDeps()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
});
