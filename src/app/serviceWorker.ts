/// <reference types="vite-plugin-pwa/vanillajs" />

/**
 * Registers the service worker (see vite.config.ts and decision 041) from the pages that must work
 * without a network: the door scanner, My Tickets and ticket pages. Other pages never install it. In
 * development there is no worker (the plugin builds it).
 */
export async function registerOfflineServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  try {
    const { registerSW } = await import('virtual:pwa-register');
    registerSW({ immediate: true });
  } catch {
    // Without a service worker the page still works online; only a cold start offline would not.
  }
}
