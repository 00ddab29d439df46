import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.js';
import { ssrBundle } from './build/ssrBundle.js';

/** See build.rolldownOptions below. */
const FIRST_LOAD_GROUPS = [
  { name: 'index', tags: ['$initial' as const] },
  { name: 'public-pages', test: /[\\/]src[\\/](events|lib)[\\/]/ },
];

const apiTarget = process.env.GATEPASS_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must come before React's so route files are split before JSX is compiled.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      // Pending components too (the default leaves them in the entry chunk, e.g. the whole listing page).
      codeSplittingOptions: {
        // The router loads a matched route's component and pending component together (router-core's
        // loadComponents), so they share a chunk: one request, and none discovered only at hydration.
        defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        // The signed-in pages' loaders too: they bring the organiser, order and wizard API clients
        // and schemas, which the public pages' first load (issue 10: 125 KiB) must not carry.
        splitBehavior: ({ routeId }) =>
          routeId.startsWith('/_auth/')
            ? [['loader'], ['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']]
            : undefined,
      },
    }),
    react(),
    vanillaExtractPlugin(),
    // The browser build only: the server bundle (build/ssrBundle.ts) needs none of what follows.
    ...(isSsrBuild ? [] : browserOnlyPlugins()),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // /r/<code>: a promoter's short link is answered by the server (decision 064).
    proxy: { '/api': apiTarget, '/r/': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Every browser we serve supports <link rel="modulepreload"> (Safari since 17; older ones simply
    // do not preload): the polyfill would be ~0.5 KiB of every page's entry for nothing.
    modulePreload: { polyfill: false },
    // The server reads it to link a server-rendered page's route CSS and preload its chunks.
    manifest: !isSsrBuild,
    // The plugin-timing report is noise for people running `npm start`.
    rolldownOptions: {
      checks: { pluginTimings: false },
      // Fewer, larger chunks for the first load (issue 10). Left to itself Rolldown split the
      // entry's own graph into ~20 small shared chunks (react, jsx-runtime, matchContext, ...), each a
      // request on one of HTTP/1.1's six connections ahead of the poster: ~26 requests before the
      // first paint on the event page, 8 now. The modules the entry loads anyway stay in it; what the
      // public pages share (the event card and its helpers) is one chunk.
      output: isSsrBuild ? {} : { codeSplitting: { groups: FIRST_LOAD_GROUPS } },
    },
  },
}));

function browserOnlyPlugins(): PluginOption[] {
  return [
    // Offline where people need it (decision 041): the door scanner (issue 9) and the holder's own
    // tickets at a gate with no network (issue 23). A Workbox service worker precaches the app shell
    // and every chunk; it answers navigations only for the scanner, My Tickets (/profile) and ticket
    // pages (every other page goes to the network untouched, server-rendered as before), and of the
    // API it keeps only the signed-in holder's tickets (network first), which sign-out deletes
    // (src/app/offlineTickets.ts). It is registered from those pages only.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      scope: '/',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'Gatepass',
        short_name: 'Gatepass',
        description: 'Your event tickets, also without a network.',
        start_url: '/profile',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#047857',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 3_000_000,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/checkin\//, /^\/profile$/, /^\/tickets\/(?!all(?:$|[/?#]))[^/?#]+$/],
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) =>
              url.pathname === '/api/tickets/mine' || /^\/api\/tickets\/code\/[^/]+$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'gatepass-my-tickets',
              networkTimeoutSeconds: 6,
              cacheableResponse: { statuses: [200] },
            },
          },
          { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' },
        ],
      },
    }),
    // Then the server-rendering bundle of the public pages, into <outDir>/.ssr (never served).
    ssrBundle(),
    // Last, so the service worker and every chunk get their .br/.gz twins too.
    precompress(),
  ];
}
