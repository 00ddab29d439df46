import { type APIRequestContext, type BrowserContext, type Page, type Route, test } from '@playwright/test';
import { type AnyStateMachine, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { writeCoverage } from '../../test/model/coverageFiles';
import {
  type AnySnap,
  activeStateIds,
  coveringPaths,
  flowModel,
  type ModelPath,
  machineInventory,
  stepTransitions,
  tourPaths,
} from '../../test/model/graph';

/**
 * Model paths through the real screens. A flow (e2e/model/flows/*.flow.ts) maps its machine once:
 * each event type to the user action that sends it (click, type, key, route change, clock tick, or
 * for an HTTP call's outcome: how the server's answer is produced), each state to what the person
 * sees there. The paths come from the machine the app runs (xstate/graph's TestModel), and each
 * step of each path runs in Chromium against the real server. A path's states and transitions
 * count as covered through the UI only once every step of it passed its assertions.
 */

/** What an action or an assertion gets: the page, the API, and the data made for this path. */
export type World<D> = {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  data: D;
  held: HeldCalls;
};

export type UiFlow<D = Record<string, unknown>> = {
  /** The flow's name in test titles and coverage files. */
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** The events the model may take (a function of the snapshot keeps server answers consistent). */
  events: readonly AnySnap[] | ((snapshot: AnySnap) => readonly AnySnap[]);
  /** The part of the context that tells states apart (what the person can see). */
  key: (snapshot: AnySnap) => unknown;
  /** Add simple paths to the shortest ones (small graphs only). */
  simplePaths?: boolean;
  /**
   * Walk the machine in a few long tours instead of one path per shortest route (big graphs whose
   * paths each need a sign-in and several page loads: the wizard, checkout, the door scanner).
   */
  tours?: boolean;
  /** API routes whose calls are held until the path says how the server answered. */
  heldCalls?: Record<string, HeldRoute>;
  /** Hold them from before `start` (the screen's first load is itself an outcome of the path). */
  holdFromStart?: boolean;
  /** Data made for the whole flow once (accounts through the real API). */
  prepare?: (request: APIRequestContext) => Promise<D>;
  /** Opens the screen where the machine starts; may add per-path data. */
  start: (world: World<D>) => Promise<void>;
  /**
   * Events the machine raises itself inside a step (checkout's `hold.*`): no person sends them, so
   * they have no action; their transitions count where a step's microsteps really took them.
   */
  raised?: readonly string[];
  /** Event type → the one user action that sends it. */
  actions: Record<string, (world: World<D>, event: AnySnap, before: AnySnap) => Promise<void>>;
  /** Atomic state (its path inside the machine, e.g. 'form.idle') → what the person sees there. */
  states: Record<string, (world: World<D>, snapshot: AnySnap) => Promise<void>>;
};

/** HTTP calls the page made and the path has not answered yet, by the flow's name for the route. */
export type HeldCalls = {
  /** Waits for the page's next call to `name` and answers it as `answer` says. */
  answer: (name: string, answer: Answer) => Promise<void>;
};

/**
 * `server`: the real server answers (with `edit`: its real answer, changed only where time or a
 * third party would have changed it, e.g. an order the sweeper expired). `status`: answered like the
 * server would. `network`: no answer.
 */
export type Answer =
  | { server: true; edit?: (body: never) => unknown }
  | { status: number; json: unknown }
  | { network: 'failed' };

/** An address (any method but GET), or an address and the one method held there (GET too). */
export type HeldRoute = string | RegExp | { url: string | RegExp; method: string };

async function holdCalls(page: Page, routes: Record<string, HeldRoute>): Promise<HeldCalls> {
  const queues = new Map<string, Route[]>();
  const waiters = new Map<string, Array<(r: Route) => void>>();
  for (const [name, held] of Object.entries(routes)) {
    const { url, method } = typeof held === 'object' && 'method' in held ? held : { url: held, method: null };
    await page.route(url, (route) => {
      const sent = route.request().method();
      if (method ? sent !== method : sent === 'GET') return route.fallback();
      const waiting = waiters.get(name)?.shift();
      if (waiting) waiting(route);
      else queues.set(name, [...(queues.get(name) ?? []), route]);
    });
  }
  const next = (name: string) =>
    new Promise<Route>((resolve) => {
      const queued = queues.get(name)?.shift();
      if (queued) resolve(queued);
      else waiters.set(name, [...(waiters.get(name) ?? []), resolve]);
    });
  return {
    answer: async (name, answer) => {
      const route = await next(name);
      if ('server' in answer && answer.edit) {
        const real = await route.fetch();
        await route.fulfill({ response: real, json: answer.edit((await real.json()) as never) });
      } else if ('server' in answer) await route.continue();
      else if ('status' in answer) await route.fulfill({ status: answer.status, json: answer.json });
      else await route.abort(answer.network);
    },
  };
}

const noCalls: HeldCalls = {
  answer: async (name) => {
    throw new Error(`${name} is not among the flow's held calls`);
  },
};

const isLeaf = (machine: AnyStateMachine, id: string) =>
  ['atomic', 'final'].includes(machine.getStateNodeById(id).type);

const stateName = (machine: AnyStateMachine, id: string) => id.slice(machine.id.length + 1);

/** The flow's generated paths: shortest (plus simple), reduced to a set that covers the same. */
export function uiPaths(flow: UiFlow<never>): ModelPath[] {
  const options = { events: flow.events, key: flow.key, input: flow.input };
  if (flow.tours) return tourPaths(flow.machine, options);
  const shortest = flowModel(flow.machine, options).getShortestPaths();
  const simple = flow.simplePaths
    ? flowModel(flow.machine, { ...options, plain: true }).getSimplePaths()
    : [];
  const all = [...shortest, ...simple];
  return coveringPaths(flow.machine, all);
}

/**
 * The mapping must cover the machine: an event type with no user action, or a state with no
 * assertion, is a finding (the screen cannot send it, or nobody checks what it shows).
 */
export function unmapped(flow: UiFlow<never>) {
  const { states, transitions } = machineInventory(flow.machine);
  const atomic = states.filter((id) => isLeaf(flow.machine, id));
  const types = new Set(transitions.map((t) => /--(.+?)-->/.exec(t)?.[1] ?? ''));
  return {
    events: [...types].filter((t) => !(t in flow.actions) && !flow.raised?.includes(t)),
    states: atomic.map((id) => stateName(flow.machine, id)).filter((s) => !(s in flow.states)),
  };
}

export function modelTests<D>(flow: UiFlow<D>) {
  const machineId = flow.machine.id;
  const covered = { states: new Set<string>(), transitions: new Set<string>(), paths: 0 };
  const paths = uiPaths(flow as unknown as UiFlow<never>);

  test.describe(`${flow.name} (model paths in the browser)`, () => {
    let data: D;

    test.beforeAll(async ({ request }) => {
      data = ((await flow.prepare?.(request)) ?? {}) as D;
    });

    test.afterAll(() => {
      writeCoverage(flow.name, {
        level: 'ui',
        source: flow.name,
        machines: {
          [machineId]: {
            states: [...covered.states].sort(),
            transitions: [...covered.transitions].sort(),
            paths: covered.paths,
          },
        },
      });
    });

    test('every event has a user action and every state an assertion', () => {
      const missing = unmapped(flow as unknown as UiFlow<never>);
      test.expect(missing, `unmapped in ${flow.name}`).toEqual({ events: [], states: [] });
    });

    paths.forEach((path, index) => {
      const title = `path ${index + 1}: ${path.steps
        .slice(1)
        .map((s) => describe(s.event))
        .join(' → ')}`;
      test(
        title.length > 300 ? `${title.slice(0, 280)}… (${path.steps.length} steps)` : title,
        async ({ page, context, request }) => {
          // Long paths (the OTP countdown walks 300 clock steps) get time in proportion.
          test.setTimeout(30_000 + path.steps.length * 1_000);
          const world: World<D> = { page, context, request, data: { ...data }, held: noCalls };
          if (flow.holdFromStart) world.held = await holdCalls(page, flow.heldCalls ?? {});
          await flow.start(world);
          // Held from here: the screen's own calls, not the ones that brought the person to it.
          if (!flow.holdFromStart) world.held = await holdCalls(page, flow.heldCalls ?? {});
          const taken = { states: new Set<string>(), transitions: new Set<string>() };
          const states = replay(flow, path);
          for (const [i, step] of path.steps.entries()) {
            const prev = states[i - 1];
            const state = states[i];
            if (prev && step.event.type !== 'xstate.init') {
              const action = flow.actions[step.event.type];
              if (!action) throw new Error(`no user action for ${step.event.type}`);
              await test.step(`${describe(step.event)}`, () => action(world, step.event, prev));
              for (const t of stepTransitions(flow.machine, prev, step.event)) taken.transitions.add(t);
            }
            const active = activeStateIds(state);
            for (const id of active) {
              if (!isLeaf(flow.machine, id)) continue;
              const name = stateName(flow.machine, id);
              const assert = flow.states[name];
              if (!assert) throw new Error(`no assertion for state ${name}`);
              await test.step(`sees ${name}`, () => assert(world, state));
            }
            for (const id of active) taken.states.add(id);
          }
          // Counted only when the whole path ran as the model says.
          for (const s of taken.states) covered.states.add(s);
          for (const t of taken.transitions) covered.transitions.add(t);
          covered.paths++;
        },
      );
    });
  });
}

/**
 * The machine's own snapshots along a path: the path's events applied to the machine from its
 * start. The model keeps one snapshot per vertex, and where `key` leaves part of the context out
 * that snapshot may have come by another route; what the person sees must be checked against
 * what these very events lead to.
 */
function replay(flow: Pick<UiFlow, 'machine' | 'input'>, path: ModelPath): AnySnap[] {
  const machine = flow.machine;
  let snapshot: AnySnap = getInitialSnapshot(machine, flow.input);
  return path.steps.map((step, i) => {
    if (i > 0 || step.event.type !== 'xstate.init') snapshot = getNextSnapshot(machine, snapshot, step.event);
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value))
      throw new Error(`the model's path and the machine disagree after ${step.event.type}`);
    return snapshot;
  });
}

function describe(event: AnySnap): string {
  const { type, output: _o, ...rest } = event as Record<string, unknown>;
  const error = rest.error as { status?: number } | undefined;
  if (error) return `${type}(${error.status ?? 'network'})`;
  const payload = Object.keys(rest).length ? JSON.stringify(rest) : '';
  return `${type}${payload}`;
}

// ---- setup the flows share: orders through the real API, the page on a paused clock ------------

const PHONE = '+2348031234567';

/** A live hold through the real API for the signed-in `token`: `items` is seats by ticket type. */
export async function reserveOrder(
  request: APIRequestContext,
  token: string,
  order: {
    eventId: string;
    items: Record<string, number>;
    buyer: { firstName: string; lastName: string; email: string };
  },
): Promise<string> {
  const created = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventId: order.eventId, items: order.items, buyer: { ...order.buyer, phone: PHONE } },
  });
  test.expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { order: { _id: string } }).order._id;
}

/** The order's payment started through the real API (terms accepted): the provider's reference. */
export async function startPayment(request: APIRequestContext, token: string, orderId: string) {
  const pay = await request.post(`/api/orders/${orderId}/pay`, {
    headers: { authorization: `Bearer ${token}` },
    data: { acceptTerms: true, emailUpdates: false },
  });
  test.expect(pay.ok(), await pay.text()).toBe(true);
  return ((await pay.json()) as { reference?: string }).reference;
}

/** Opens `url` on Playwright's clock and stops it there: the page's time moves only when a path says so. */
export async function openOnPausedClock(page: Page, url: string) {
  await page.clock.install();
  await page.goto(url);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}
