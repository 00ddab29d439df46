import type { AppConfig } from '../config';
import type { HtmlTransform } from './spa';

export const DEMO_BANNER_TEXT = 'Demo: payments are simulated, tickets are not valid.';

/**
 * The banner, outside the app's root element: the server puts it in every HTML answer (server
 * rendered or the client-rendered shell), and the SPA, which only ever renders inside #root, keeps it
 * on every page it navigates to. Inline style (the CSP allows inline styles, not scripts), so it
 * needs no build and shows even before the app's CSS loads.
 */
export const DEMO_BANNER_HTML =
  '<div id="demo-banner" role="note" style="position:sticky;top:0;z-index:2147483647;margin:0;padding:8px 12px;' +
  'background:#fde68a;color:#1c1917;border-bottom:2px solid #b45309;text-align:center;' +
  `font:600 14px/1.4 system-ui,sans-serif">${DEMO_BANNER_TEXT}</div>`;

/** Whether this deployment is a production demo: real-looking, but on play money. */
export function isProductionDemo(config: Pick<AppConfig, 'isProduction' | 'paymentsMode'>): boolean {
  return config.isProduction && config.paymentsMode === 'test';
}

/** Adds the banner at the start of the page's body. */
export const demoBannerTransform: HtmlTransform = async (_request, html) =>
  html.replace('<body>', () => `<body>${DEMO_BANNER_HTML}`);
