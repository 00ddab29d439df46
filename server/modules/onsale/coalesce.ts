/**
 * Requests for the same group (an event) that arrive while its previous batch is in flight wait and
 * go together in the next one (decision 059, "Joins in batches"), like the session look-ups and the
 * reservation batches (decision 017). The first request of an idle group waits one turn, so those
 * parsed in the same turn share the first batch. Nothing is kept between batches. Asking twice for
 * the same key (ten tabs of one account) shares one item and its answer; the first input is kept.
 */

type Waiter<V> = { resolve: (value: V) => void; reject: (error: unknown) => void };

export type BatchRun<I, V> = (group: string, inputs: Map<string, I>) => Promise<Map<string, V | Error>>;

export class Coalescer<I, V> {
  private readonly pending = new Map<string, Map<string, { input: I; waiters: Waiter<V>[] }>>();
  private readonly running = new Set<string>();

  constructor(
    private readonly run: BatchRun<I, V>,
    private readonly maxPerBatch = 500,
  ) {}

  ask(group: string, key: string, input: I): Promise<V> {
    return new Promise((resolve, reject) => {
      let items = this.pending.get(group);
      if (!items) {
        items = new Map();
        this.pending.set(group, items);
      }
      const item = items.get(key);
      if (item) item.waiters.push({ resolve, reject });
      else items.set(key, { input, waiters: [{ resolve, reject }] });
      if (!this.running.has(group)) {
        this.running.add(group);
        setImmediate(() => void this.drain(group));
      }
    });
  }

  private async drain(group: string) {
    for (;;) {
      const items = this.pending.get(group);
      if (!items || items.size === 0) break;
      const batch = [...items.entries()].slice(0, this.maxPerBatch);
      for (const [key] of batch) items.delete(key);
      if (items.size === 0) this.pending.delete(group);
      try {
        const out = await this.run(group, new Map(batch.map(([key, item]) => [key, item.input])));
        for (const [key, item] of batch) {
          const answer = out.get(key);
          for (const w of item.waiters) {
            if (answer instanceof Error) w.reject(answer);
            else if (answer === undefined) w.reject(new Error(`no answer for ${key} in its batch`));
            else w.resolve(answer);
          }
        }
      } catch (error) {
        for (const [, item] of batch) for (const w of item.waiters) w.reject(error);
      }
    }
    this.running.delete(group);
  }
}
