import { createRequestHandler, RouterServer, renderSsrHtmlResponse } from '@tanstack/react-router/ssr/server';
import { prerender } from 'react-dom/static';
import { serverDarkMode } from './app/darkMode';
import { createAppRouter } from './router';

/*
 * The server side of the public pages (docs/decisions/018-server-rendering.md). Built by Vite as an
 * SSR bundle (dist/.ssr/entry-server.js) and imported by the API process (server/http/ssr.ts): the
 * same route tree, loaders and components as the browser, rendered with react-dom/server. TanStack
 * Router's SSR support dehydrates the loader data into the page (<Scripts /> in the root layout),
 * and src/main.tsx hydrates from it with RouterClient: no second fetch.
 */
export { setServerTransport } from './api/kyClient';

export type RenderedPage = { status: number; html: string };

/**
 * Renders `request`'s page into `template` (the built index.html, its <div id="root"></div> empty).
 * Null when the page should be left to the browser: its loader found nothing (an event the visitor
 * may still see when signed in, e.g. their draft) or failed, or it redirected.
 */
export async function renderPage(
  request: Request,
  template: string,
  nonce: string,
): Promise<RenderedPage | null> {
  let rendered = false;
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ darkMode: serverDarkMode, ssrNonce: nonce }),
  });
  const response = await handler(async ({ router, responseHeaders }) => {
    const matches = router.state.matches;
    if (matches.some((m) => m.status !== 'success' || m._notFound)) {
      return new Response(null, { status: 204 });
    }
    rendered = true;
    const title = matches
      .flatMap((m) => m.meta ?? [])
      .reduce<string | null>((found, meta) => meta?.title ?? found, null);
    return renderSsrHtmlResponse({
      router,
      responseHeaders,
      render: async () => {
        // prerender, not renderToString: it waits for the lazily loaded sections (LazySection) and,
        // with no chunk size limit, writes every boundary in place (a large one would otherwise come
        // last, hidden, moved by an inline script): the HTML is complete and in order without JavaScript.
        const { prelude } = await prerender(<RouterServer router={router} />, {
          progressiveChunkSize: Number.POSITIVE_INFINITY,
        });
        const app = await new Response(prelude).text();
        // A component that threw while rendering leaves a client-rendered boundary: send the shell.
        if (app.includes('<!--$!-->')) throw new Error(`Server rendering of ${request.url} failed`);
        let html = template.replace(/^<!doctype html>\s*/i, '');
        if (title)
          html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeText(title)}</title>`);
        return html.replace('<div id="root"></div>', () => `<div id="root">${app}</div>`);
      },
    });
  });
  if (!rendered || response.status !== 200) {
    await response.body?.cancel();
    return null;
  }
  return { status: response.status, html: await response.text() };
}

function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
