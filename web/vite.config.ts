import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Import-free, with its extension: Vite loads this file natively (no bundling of its imports).
import { webBusinessDetails } from '../core/src/business-details.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiUrl = process.env.API_URL ?? 'http://localhost:3001';
/** The shop's opening hours (OPENING_HOURS, issue 30): the same setting the server reads, for the pages. */
const openingHours = process.env.VITE_OPENING_HOURS ?? process.env.OPENING_HOURS ?? '';

// Paths are absolute so `vite build web` from the repository root and `npm run build -w web` agree.
export default defineConfig(({ isSsrBuild }) => ({
  root: fromHere('.'),
  // The business's public details are settings (core/src/config.ts, issue 31): the build compiles in
  // the values of its environment (the deploy's, or the sample shop's locally), for the
  // pre-rendered pages and the app alike (web/src/lib/business.ts).
  define: {
    __BUSINESS__: JSON.stringify(webBusinessDetails(process.env)),
    'import.meta.env.VITE_OPENING_HOURS': JSON.stringify(openingHours),
  },
  // The pre-rendering build (web/.ssr, decision 043) needs no copy of public/.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    // The router plugin must come before react(): it generates src/routeTree.gen.ts and splits route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
    }),
    react(),
  ],
  // One stylesheet for the whole site, linked from every page's <head>: a pre-rendered page is styled
  // from its first paint, before any route's code has loaded (decision 043). About 10 KB gzipped.
  // No modulepreload links: appending one per dependency of each dynamic import held a throttled
  // phone's main thread for about 150 ms at start (decision 047).
  // Two entries: the app (index.html) and the pre-rendered home page's start without the router
  // (src/home/start.tsx, decision 048); the manifest tells the pre-render the second one's file.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    cssCodeSplit: false,
    modulePreload: false,
    ...(isSsrBuild
      ? {}
      : {
          manifest: true,
          rollupOptions: { input: [fromHere('./index.html'), fromHere('./src/home/start.tsx')] },
        }),
  },
  server: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
      '/_local': { target: apiUrl, changeOrigin: true },
      // Blog and testimonial images, streamed from the local S3 by the API server.
      '/images': { target: apiUrl, changeOrigin: true },
    },
  },
}));
