import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

const apiTarget = process.env.GATEPASS_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // The router plugin must come before React's so route files are split before JSX is compiled.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      // Pending components too (the default leaves them in the entry chunk, e.g. the whole listing page).
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    vanillaExtractPlugin(),
    precompress(),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // The plugin-timing report is noise for people running `npm start`.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
