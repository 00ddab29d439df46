import type { CreateOrderRequest, Order } from '../../../contract/orders';
import { sessionLookupFor } from '../auth/sessionLookup';
import { type OnsaleGate, onsaleGate, passesOf } from '../onsale/gate';
import { batchState } from './data';
import type { CheckoutDeps } from './deps';
import {
  answer,
  type BatchRequest,
  type Checked,
  decideFromRead,
  decideLocked,
  type Outcome,
  saleOf,
  screen,
} from './reserveSteps';

/**
 * Group commit for POST /api/orders (decision 017). Reservations of one event that arrive while a
 * batch of that event is in flight wait for it, then go together: one read of the event, its types
 * and the buyers' holds; one transaction that locks the asked types once, allocates seats in
 * arrival order, inserts every order (3 statements) and takes the seats with ONE conditional
 * UPDATE — one commit and one WAL flush for N sales instead of N. Each request still gets its own
 * answer: its 201 order, or its own 400/404/409.
 *
 * Several API processes stay correct because nothing here is trusted across them: the allocation
 * is computed from rows this transaction has locked, and the UPDATE keeps its
 * `sold + n <= capacity` guard. The batch is only an optimisation of who waits for whom.
 */

/** Bounds one statement's parameters (~20 per order) well under PostgreSQL's 65,535. */
const MAX_BATCH = 500;

/**
 * The fewest buyers read ahead of the batch in flight (decision 068). Fewer wait for it to end: a
 * flash sale's trace showed batches of 2–5 read ahead, each then a whole statement (20–160 ms
 * under load) while the buyers arriving during it waited for the statement after.
 */
const READ_AHEAD_MIN = 8;

export type BatchHooks = {
  /**
   * A buyer who already holds seats for the event gets that hold replaced (same deadline), with the
   * access code and answers screening resolved for the request.
   */
  replace: (userId: string, holdId: string, body: CreateOrderRequest, checked: Checked) => Promise<Order>;
  /** Releases the event's expired holds, waiting for another process already releasing them. */
  releaseExpired: (eventId: string) => Promise<unknown>;
};

/** A request's answer: its order, and the access code it came with (its discount is applied after). */
export type Reserved = { order: Order; unlock: Checked['unlock'] };

type Pending = BatchRequest & {
  resolve: (reserved: Reserved) => void;
  reject: (error: unknown) => void;
};

type State = Awaited<ReturnType<typeof batchState>>;

/** The batch taking its seats: done once answered; its buyers wait for the batch after. */
type InFlight = { done: Promise<void>; settled: boolean; buyers: Set<string> };

/** A batch's read, begun; `nowMs` is the time screening judges it by (on sale, waiting room). */
type Read = { state: Promise<State>; nowMs: number };

class EventQueue {
  private queue: Pending[] = [];
  private running = false;
  /** Set while the drain waits for a request with a batch in flight: submit() wakes it. */
  private arrived: (() => void) | null = null;

  constructor(
    private readonly deps: CheckoutDeps,
    private readonly eventId: string,
    private readonly hooks: BatchHooks,
    private readonly onIdle: () => void,
  ) {}

  submit(p: Pending) {
    this.queue.push(p);
    this.arrived?.();
    if (this.running) return;
    this.running = true;
    // One turn of the event loop first: requests parsed in the same turn share the first batch.
    setImmediate(() => void this.drain());
  }

  /**
   * Batches run two deep (decision 060): the next batch's read goes out while the batch before it
   * takes its seats, and its screening and statement follow the moment that batch is answered, so
   * the statements still run one after another, in arrival order. The read is then older than the
   * batch before it: the seat guard makes that safe (a statement it refuses is decided again under
   * locks, decideLocked, as when another process took the seats), and a buyer of the batch in flight
   * waits for the batch after (their hold may not be in the read yet).
   */
  private async drain() {
    let inFlight: InFlight | null = null;
    for (;;) {
      await this.lookupsAsked();
      // A batch that ended while the look-ups were awaited is no longer ahead of anyone.
      if (inFlight?.settled) inFlight = null;
      // Read ahead only for a batch worth a statement of its own (decision 068); a few buyers wait
      // for the batch in flight and go with whoever arrives meanwhile, rather than holding the
      // statement's turn for themselves while the next dozens queue behind them.
      const readAhead = inFlight && this.ready(inFlight.buyers) >= READ_AHEAD_MIN;
      const batch = inFlight && !readAhead ? [] : this.take(inFlight?.buyers);
      if (batch.length === 0) {
        if (!inFlight) break;
        // Nothing to read ahead yet: wait for the batch in flight, or for a request to read ahead.
        const waited = inFlight;
        await Promise.race([
          waited.done,
          new Promise<void>((resolve) => {
            this.arrived = resolve;
          }),
        ]);
        this.arrived = null;
        if (waited.settled) inFlight = null;
        continue;
      }
      const read = this.read(batch);
      const before = inFlight?.done;
      const buyers = new Set(batch.map((p) => p.userId));
      const current: InFlight = { done: Promise.resolve(), settled: false, buyers };
      current.done = (async () => {
        if (before) await before;
        await this.settle(batch, read);
        current.settled = true;
      })();
      if (before) await before;
      inFlight = current;
    }
    this.running = false;
    this.onIdle();
  }

  /**
   * Requests whose sessions are being looked up are about to join the queue: a batch started
   * without them would make them wait a whole read and statement (decision 056's profile: a
   * burst's first request alone in a batch held the other 199 for 45 % of a round). So the batch
   * waits for the look-ups asked so far, then one turn for their routes to reach `submit`.
   */
  private async lookupsAsked() {
    const asked = sessionLookupFor(this.deps.db).asked();
    if (!asked) return;
    await asked;
    await new Promise((r) => setImmediate(r));
  }

  /** How many queued requests the next batch could take (up to READ_AHEAD_MIN: enough to know). */
  private ready(busy: Set<string>): number {
    let n = 0;
    for (const p of this.queue) if (!busy.has(p.userId) && ++n >= READ_AHEAD_MIN) break;
    return n;
  }

  /** Up to MAX_BATCH requests in arrival order, leaving the buyers of the batch in flight queued. */
  private take(busy: Set<string> | undefined): Pending[] {
    if (!busy) return this.queue.splice(0, MAX_BATCH);
    const batch: Pending[] = [];
    const later: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < MAX_BATCH && !busy.has(p.userId)) batch.push(p);
      else later.push(p);
    }
    this.queue = later;
    return batch;
  }

  /**
   * One read of the event, its types, the buyers' holds, the event's questions and the access
   * codes the buyers typed (data.ts batchState). A failure is the batch's, handled by settle.
   */
  private read(batch: Pending[]): Read {
    const nowMs = Date.now();
    const state = batchState(
      this.deps.db,
      this.eventId,
      batch.map((p) => p.userId),
      batch.flatMap((p) => (p.body.accessCode ? [p.body.accessCode] : [])),
    );
    // Settled by settle(); until then a failure must not count as unhandled.
    state.catch(() => {});
    return { state, nowMs };
  }

  /** Runs a batch; if it fails as a whole, each request runs alone so only the culprit fails. */
  private async settle(batch: Pending[], read: Read): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.run(batch, read);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const p of batch) await this.settle([p], this.read([p]));
      return;
    }
    const retry: Pending[] = [];
    const again: Pending[] = [];
    outcomes.forEach((o, i) => {
      const p = batch[i]!;
      if (o.kind === 'order') p.resolve({ order: o.order, unlock: o.checked.unlock });
      else if (o.kind === 'error') p.reject(o.error);
      else if (o.kind === 'replace')
        this.hooks
          .replace(p.userId, o.holdId, p.body, o.checked)
          .then((order) => p.resolve({ order, unlock: o.checked.unlock }), p.reject);
      else if (o.kind === 'again') again.push(p);
      else retry.push({ ...p, retried: true });
    });
    if (retry.length > 0) {
      try {
        await this.hooks.releaseExpired(this.eventId);
      } catch (error) {
        for (const p of retry) p.reject(error);
        retry.length = 0;
      }
    }
    this.queue.unshift(...again, ...retry);
  }

  /**
   * One batch, from its read: screen each request; decide who gets seats (from that read when it
   * settles it, else under row locks); answer each request.
   */
  private async run(batch: Pending[], read: Read): Promise<Outcome[]> {
    const { db } = this.deps;
    const state = await read.state;
    const { outcomes, candidates } = screen(batch, state, read.nowMs, gateOf(this.deps));
    if (!state.event || candidates.length === 0) return outcomes;
    const sale = saleOf(batch, state.event, state.types, candidates, this.deps.config.reservationMinutes);
    const decision = (await decideFromRead(db, sale)) ?? (await decideLocked(db, sale));
    return answer(batch, outcomes, sale, decision, state.expired);
  }
}

/** The waiting room's gate per app: its pass key is derived once, not per batch. */
const gates = new WeakMap<CheckoutDeps, OnsaleGate>();
function gateOf(deps: CheckoutDeps): OnsaleGate {
  let gate = gates.get(deps);
  if (!gate) {
    gate = onsaleGate(deps.config.onsale, passesOf(deps.signer));
    gates.set(deps, gate);
  }
  return gate;
}

/** One queue per event, per app (its deps); a queue with nothing to do is dropped. */
const queues = new WeakMap<CheckoutDeps, Map<string, EventQueue>>();

export function reserveInBatch(
  deps: CheckoutDeps,
  hooks: BatchHooks,
  userId: string,
  body: CreateOrderRequest,
): Promise<Reserved> {
  let byEvent = queues.get(deps);
  if (!byEvent) {
    byEvent = new Map();
    queues.set(deps, byEvent);
  }
  let queue = byEvent.get(body.eventId);
  if (!queue) {
    const forEvent = byEvent;
    queue = new EventQueue(deps, body.eventId, hooks, () => forEvent.delete(body.eventId));
    byEvent.set(body.eventId, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => q.submit({ userId, body, retried: false, resolve, reject }));
}
