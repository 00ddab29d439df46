/// <reference types="vite-plugin-pwa/vanillajs" />

/**
 * Registers the scanner's service worker (scope /checkin/, see vite.config.ts) from the scanner page
 * only: other pages never install it. In development there is no worker (the plugin builds it).
 */
export async function registerScannerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  try {
    const { registerSW } = await import('virtual:pwa-register');
    registerSW({ immediate: true });
  } catch {
    // Without a service worker the scanner still works; only a cold start offline would not.
  }
}
