import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withLcpImagePreload } from './lcpPreload';

/*
 * Server rendering of the public pages (docs/decisions/018-server-rendering.md): home, the listing
 * (with its search) and an event's page. The page components, loaders and router are the browser's
 * own, built by Vite into <SPA_DIR>/.ssr/entry-server.js (build/ssrBundle.ts); their API calls are
 * answered in-process by `app.inject` (same routes, same read cache, as an anonymous visitor).
 * Every other path, and these when the render declines, get the plain SPA shell as before.
 */

/** The paths rendered on the server, and the route file whose split chunks they need at once. */
const PAGES: { path: RegExp; routeFile: string }[] = [
  { path: /^\/$/, routeFile: 'src/routes/index.tsx' },
  { path: /^\/events\/all\/?$/, routeFile: 'src/routes/events.all.tsx' },
  { path: /^\/event-details\/[^/]+\/?$/, routeFile: 'src/routes/event-details.$eventId.tsx' },
];

type ServerEntry = {
  renderPage(
    request: Request,
    template: string,
    nonce: string,
  ): Promise<{ status: number; html: string } | null>;
  setServerTransport(baseUrl: string, fetch: typeof globalThis.fetch): void;
};

type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

export type HtmlRenderer = {
  /** Whether `url` is one of the server-rendered pages. */
  handles(url: string): boolean;
  /**
   * Renders `request`'s page into the (already transformed) shell with `nonce` on its inline
   * scripts, or null to send the shell.
   */
  render(request: FastifyRequest, shell: string, nonce: string): Promise<string | null>;
};

/** A fresh CSP nonce for one response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Where the renderer's API calls "go": never resolved, only parsed back by `injectFetch`. */
const INTERNAL_ORIGIN = 'http://gatepass.internal/';

/** A `fetch` answered by the app itself (no socket): the loaders' GETs of the public API. */
function injectFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: { accept: request.headers.get('accept') ?? 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}

/** The route's own chunk and what it imports (not the entry's): preloaded, and their CSS. */
function routeAssets(manifest: Manifest, routeFile: string) {
  const css = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  // `code`: the chunk is preloaded too. The sections the page loads later (LazySection, the
  // route chunk's dynamic imports) are in its HTML already, so their CSS must be too, or they would
  // show unstyled until their code arrives; their code waits.
  const visit = (key: string, code: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    if (code) scripts.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) visit(imported, code);
    if (!code) for (const lazy of chunk.dynamicImports ?? []) visit(lazy, false);
  };
  // What the entry loads is already in the page (Vite's own script and preload tags).
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const inEntry = new Set((entry?.imports ?? []).map((key) => `/${manifest[key]?.file}`));
  // The chunk holding the route's component (vite.config.ts may group the pending component with
  // it, e.g. `?tsr-split=component---pendingComponent`); the error and not-found ones are not needed
  // to show the page.
  const componentKey = Object.keys(manifest).find((key) => {
    const [file, split] = key.split('?tsr-split=');
    return file === routeFile && (split ?? '').split('---').includes('component');
  });
  if (componentKey) {
    visit(componentKey, true);
    for (const lazy of manifest[componentKey]?.dynamicImports ?? []) visit(lazy, false);
  }
  return { css: [...css], scripts: [...scripts].filter((file) => !inEntry.has(file)) };
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * The page's whole CSS (a few KiB) goes inline: the first paint waits for no stylesheet request.
 * Each inlined sheet keeps a `disabled` link (never fetched) so Vite's chunk loader, which looks for
 * `link[rel=stylesheet]` with that href before adding one, does not fetch it again.
 */
function inlineStyles(html: string, routeCss: string[], sheets: Map<string, string>): string {
  const inlined = new Set<string>();
  const tag = (href: string) => {
    if (inlined.has(href)) return '';
    const css = sheets.get(href);
    if (css === undefined) return `<link rel="stylesheet" href="${href}">`;
    inlined.add(href);
    return `<style>${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled>`;
  };
  const withEntry = html.replace(STYLESHEET_LINK, (_, href: string) => tag(href));
  const extra = routeCss.map(tag).filter(Boolean).join('');
  return withEntry.replace('</head>', () => `${extra}</head>`);
}

/**
 * Loads the server bundle of a build; null when the build has none (then every page is the shell).
 * Also points the bundle's HTTP client at this app.
 */
export async function loadServerRenderer(app: FastifyInstance, spaDir: string): Promise<HtmlRenderer | null> {
  const entryFile = path.join(spaDir, '.ssr', 'entry-server.js');
  const manifestFile = path.join(spaDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  entry.setServerTransport(INTERNAL_ORIGIN, injectFetch(app));

  // Inlined (with the response's nonce) on rendered pages: the theme is right at first paint with no
  // render-blocking request for it.
  const themeFile = path.join(spaDir, 'theme-init.js');
  const themeScript = existsSync(themeFile) ? await readFile(themeFile, 'utf8') : null;
  const assetsByRoute = new Map(PAGES.map((page) => [page.routeFile, routeAssets(manifest, page.routeFile)]));
  const sheets = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    for (const sheet of chunk.css ?? []) {
      if (!sheets.has(`/${sheet}`)) sheets.set(`/${sheet}`, await readFile(path.join(spaDir, sheet), 'utf8'));
    }
  }

  const pageOf = (url: string) => PAGES.find((p) => p.path.test(url.split('?')[0] ?? '/'));
  const render = async (request: FastifyRequest, shell: string, nonce: string) => {
    const page = pageOf(request.url);
    if (!page) return null;
    const assets = assetsByRoute.get(page.routeFile)!;
    const preloads = assets.scripts
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    let template = inlineStyles(shell, assets.css, sheets).replace('</head>', () => `${preloads}</head>`);
    if (themeScript) {
      template = template.replace(
        '<script src="/theme-init.js"></script>',
        () => `<script nonce="${nonce}">${themeScript.trim()}</script>`,
      );
    }
    // A fixed origin, not the Host header: nothing the page renders depends on it, and a malformed
    // Host could not make this throw.
    const url = new URL(request.url, INTERNAL_ORIGIN);
    const rendered = await entry.renderPage(
      new Request(url, { headers: { accept: 'text/html' } }),
      template,
      nonce,
    );
    return rendered ? withLcpImagePreload(rendered.html) : null;
  };
  return { handles: (url) => pageOf(url) !== undefined, render };
}

/** Allows this response's inline scripts (the router's dehydrated state, the theme) by nonce. */
export function allowNonce(contentSecurityPolicy: string, nonce: string): string {
  return contentSecurityPolicy.replace(
    /script-src ([^;]*)/,
    (_, sources: string) => `script-src ${sources} 'nonce-${nonce}'`,
  );
}
