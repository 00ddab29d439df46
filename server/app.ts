import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { createDatabaseStorage } from './adapters/databaseStorage';
import { createMailer } from './adapters/mail/mailer';
import { createBanking } from './adapters/payments/banking';
import { createPaymentTransactions } from './adapters/payments/transactions';
import { createLocalStorage } from './adapters/storage';
import type { AppConfig } from './config';
import type { AppDeps } from './context';
import { type DatabaseHandle, openDatabase } from './db/client';
import { installCompression } from './http/compression';
import { demoBannerTransform, isProductionDemo } from './http/demoBanner';
import { answerClientError, answerFrameworkError, installErrorHandling, notFoundBody } from './http/errors';
import { lazyChildLoggerFactory, loggerOptions } from './http/logging';
import { createPageCache } from './http/pageCache';
import { recordRoutes } from './http/routeCatalogue';
import { installSecurityHeaders } from './http/security';
import { compiledSerializerCompiler } from './http/serializer';
import { type HtmlTransform, serveSpa } from './http/spa';
import { validatorCompiler } from './http/validation';
import { checkRouteActions } from './modules/access/routeActions';
import { accessCodeRoutes } from './modules/access-codes/routes';
import { installAuth } from './modules/auth/plugin';
import { boxOfficeRoutes } from './modules/box-office/routes';
import { checkinRoutes } from './modules/checkin/routes';
import { contactRoutes } from './modules/contact/routes';
import { devRoutes } from './modules/dev/routes';
import { discountRoutes } from './modules/discounts/routes';
import { eventDateRoutes } from './modules/event-dates/routes';
import { eventRoutes } from './modules/events/routes';
import { guestMessageRoutes } from './modules/guest-messages/routes';
import { type GuestMessageWorker, startGuestMessageWorker } from './modules/guest-messages/worker';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { issuedTicketRoutes } from './modules/issued-tickets/routes';
import { loadTicketSigner } from './modules/issued-tickets/signing';
import { managementRoutes } from './modules/management/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { onsaleRoutes } from './modules/onsale/routes';
import type { CheckoutDeps } from './modules/orders/deps';
import { orderRoutes } from './modules/orders/routes';
import { startSweeper } from './modules/orders/sweeper';
import { organiserRoutes } from './modules/organiser/routes';
import { paymentWebhookRoutes, testPaymentRoutes } from './modules/payments/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { promoterRoutes, promoterShortLinkRoute } from './modules/promoters/routes';
import { questionRoutes } from './modules/questions/routes';
import { DataVersion } from './modules/readcache/dataVersion';
import { installReadCache } from './modules/readcache/plugin';
import { openGraphTransform } from './modules/seo/openGraph';
import { recordTeamActivity } from './modules/team/activity';
import { teamRoutes } from './modules/team/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { userRoutes } from './modules/users/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { seedSampleData } from './seed/seed';

/** `freshness`: the data-change subscription behind the caches (whether it is live, its losses). */
export type App = { app: FastifyInstance; deps: AppDeps; database: DatabaseHandle; freshness: DataVersion };

/**
 * Builds the whole API without listening, so tests can `inject` requests. Order matters:
 * outside-world plugins first (security headers), then the database and adapters every module
 * needs, then the auth hook that identifies the caller, then the routes that rely on all of it,
 * and the SPA last so its catch-all never shadows an API route.
 * `pgliteTemplate`: tests start PGlite from a migrated dump (server/db/client.ts).
 */
export async function buildApp(config: AppConfig, options: { pgliteTemplate?: Blob } = {}): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config),
    // One line per request drowns what matters on a console; `LOG_LEVEL=debug` brings them back.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    childLoggerFactory: lazyChildLoggerFactory,
    // Ticket codes (130 characters, signed) travel in paths: /tickets/code/:code, check-in undo.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    bodyLimit: 1_000_000,
    // Only behind a proxy may X-Forwarded-For name the client; otherwise anyone could pick their IP
    // and walk around the per-IP rate limits.
    trustProxy: config.trustProxy,
    // Rejections Fastify or Node answer before any hook runs: still `{message}` with our headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  installErrorHandling(app);
  recordRoutes(app);
  // Every /api route declares its action in the permission table, or the app does not start (decision 048).
  app.addHook('onReady', async () => checkRouteActions(app));

  installSecurityHeaders(app);
  // Before any route, so its onSend hook sees every reply (API, HTML, files).
  await installCompression(app);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteTemplate: options.pgliteTemplate,
    onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection closed by the server'),
    onLockWait: () => app.log.info('another process is starting up on this database; waiting for it'),
  });
  const signer = await loadTicketSigner(database.db, config.ticketSigningKey);
  const deps: AppDeps = {
    signer,
    config,
    db: database.db,
    dbKind: database.kind,
    // On PostgreSQL, processes share nothing but the database: uploads live there too.
    storage:
      database.kind === 'postgres'
        ? createDatabaseStorage(database.db)
        : createLocalStorage(config.uploadsDir),
    mail: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    payments: createPaymentTransactions(config, database.db),
    banking: createBanking({
      paystackSecretKey: config.paystackSecretKey,
      paystackBaseUrl: config.paystackBaseUrl,
    }),
  };
  const checkout: CheckoutDeps = { ...deps, log: app.log };
  let sweeper: { stop: () => Promise<void> } | null = null;
  let messages: GuestMessageWorker | null = null;
  // One hook, so the sweeper and the mail worker stop before the database they write to closes.
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    await messages?.stop();
    await deps.mail.close();
    await database.close();
  });
  // The sample organiser's password is public: never in production, whatever the config object says.
  // Under the start-up lock: two processes starting on an empty database would both find no users
  // and both load the sample data (the second dies on the unique email).
  if (config.seedSampleData && !config.isProduction)
    await database.exclusive(() => seedSampleData(deps, checkout.signer));
  app.addHook('onReady', async () => {
    sweeper = startSweeper(checkout);
    // Guest messages a stopped process left half-handed to the outbox resume here (decision 063).
    messages = startGuestMessageWorker(deps, app.log);
  });

  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionEndedBecause', null);
  // Before the routes: every module (events, tickets...) sees request.sessionUser.
  installAuth(app, deps);

  // One subscription to the data's changes for both caches (read API and rendered pages); stopped
  // before the root's hook that closes the database (onClose hooks run in reverse order).
  const freshness = await DataVersion.subscribe(database);
  app.addHook('onClose', async () => freshness.stop());

  const htmlTransforms: HtmlTransform[] = [];
  htmlTransforms.push(openGraphTransform(deps));
  if (isProductionDemo(config)) htmlTransforms.push(demoBannerTransform);
  await app.register(
    async (api) => {
      // First: it hooks the public read routes as they are registered below.
      installReadCache(api, freshness);
      // Before the routes: what team members do on an event is recorded for its owner (decision 043).
      recordTeamActivity(api, deps.db, '/api');
      await api.register(healthRoutes(deps));
      await api.register(eventRoutes(deps.db, config.appUrl));
      await api.register(ticketRoutes(deps));
      await api.register(imageRoutes(deps.storage));
      await api.register(contactRoutes(deps));
      await api.register(newsletterRoutes(deps));
      await api.register(userRoutes(deps));
      await api.register(orderRoutes(checkout));
      await api.register(waitlistRoutes(checkout));
      // The on-sale waiting room in front of POST /orders (decision 059).
      await api.register(onsaleRoutes(checkout));
      await api.register(issuedTicketRoutes(checkout));
      await api.register(checkinRoutes(checkout));
      await api.register(boxOfficeRoutes(checkout));
      await api.register(testPaymentRoutes(checkout));
      // Its own plugin: the raw-body JSON parser it installs applies to the webhook only.
      await api.register(paymentWebhookRoutes(checkout));
      // Organiser tools (decision 010): event and ticket writes, payouts, discount codes, guestlist and sales.
      await api.register(organiserRoutes(deps));
      await api.register(payoutRoutes(deps));
      await api.register(discountRoutes(deps));
      await api.register(accessCodeRoutes(deps));
      await api.register(questionRoutes(deps));
      await api.register(eventDateRoutes(deps));
      await api.register(managementRoutes(deps));
      await api.register(teamRoutes(deps));
      await api.register(promoterRoutes(deps));
      await api.register(guestMessageRoutes(deps, () => messages));
      await api.register(devRoutes(deps.db, config));
    },
    { prefix: '/api' },
  );

  // A promoter's short link (decision 064): before the SPA, which answers every other page.
  await app.register(promoterShortLinkRoute(deps));
  if (config.spaDir) {
    const pageCache = createPageCache(freshness);
    await serveSpa(app, config.spaDir, htmlTransforms, pageCache);
  } else app.setNotFoundHandler(async (request, reply) => reply.code(404).send(notFoundBody(request)));

  return { app, deps, database, freshness };
}
