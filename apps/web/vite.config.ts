import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.FLEET_API_TARGET ?? 'http://127.0.0.1:8080';
// Everything the server owns; the dev server forwards it so cookies and host-based branding behave as in production.
const proxied = ['/api', '/brand', '/manifest.webmanifest'];

// Every feature module (not its CSS) is marked free of side effects: its code only declares, so it
// runs when something uses it. Without this, a feature's index (its door) ties the shell's chunk to
// every module it re-exports: the dashboard's tiles would load with the login page. With it, each
// importer is tied only to the modules it uses and the chunks stay split per route (docs/decisions.md).
const FEATURE_MODULE = /[\\/]src[\\/]features[\\/].*\.tsx?$/;

function featureModulesWithoutSideEffects(): Plugin {
  return {
    name: 'fleet:feature-modules-without-side-effects',
    enforce: 'post',
    transform(_code, id) {
      return FEATURE_MODULE.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress(), featureModulesWithoutSideEffects()],
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
