import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/**
 * Every route the app registers, as registered: method, URL, schemas and its lifecycle hooks. Kept
 * so checks that must cover every route (the fuzz test in test/api, the auth-first rule) find the
 * routes themselves, including routes added later, instead of trusting a hand-kept list.
 */
export type RouteRecord = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  onRequest: unknown[];
  preValidation: unknown[];
  preHandler: unknown[];
};

const catalogues = new WeakMap<FastifyInstance, RouteRecord[]>();

const asList = (hooks: unknown): unknown[] => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []);

export function recordRoutes(app: FastifyInstance) {
  const routes: RouteRecord[] = [];
  catalogues.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        onRequest: asList(route.onRequest),
        preValidation: asList(route.preValidation),
        preHandler: asList(route.preHandler),
      });
    }
  });
}

/** The routes of an app built by buildApp (empty for any other instance). */
export function routesOf(app: FastifyInstance): readonly RouteRecord[] {
  return catalogues.get(app) ?? [];
}
