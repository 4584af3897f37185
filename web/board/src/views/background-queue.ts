// What the board's two background review queues share (the study queue, review-queue.ts, and
// the database queue, db-review-queue.ts): the queue kept in the studies' database (`meta`), so
// that a reload or a new session resumes it; Pause / Resume / Cancel; the loop that reads what
// is left afresh each round (a game reviewed at the queue's strength or more is done, so none is
// reviewed twice), reviews it in a Stockfish worker of its own and waits a little when every game
// left is being reviewed elsewhere; one tab running it (a Web Lock); the progress bar, status and
// buttons (`PREFIX-strength`, `-start`, `-pause`, `-cancel`, `-progress`, `-status`). A subclass
// says what its items are, how one is reviewed and kept, and its sentences.
import type { Engine } from 'chesswasm/engine';
import { EngineError } from 'chesswasm/engine';
import { $, h, on } from '../dom.js';
import type { BoardEngine } from '../engine.js';
import type { StudyStorage } from '../storage.js';

/** The strengths offered: nodes per position. lichess's local analysis used 1M and 5M. */
export const QUEUE_PRESETS: ReadonlyArray<readonly [number, string]> = [
  [20_000, 'Quick (20k nodes)'],
  [1_000_000, '1M nodes (lichess)'],
  [5_000_000, '5M nodes (lichess)'],
];

/** What every kept queue holds. */
export interface QueueRecBase {
  nodes: number;
  paused: boolean;
}

/** One item's review: done, left out for good, or held by another review (tried again later). */
export type ItemResult = 'reviewed' | 'skipped' | 'busy';

/** How a queue is named on the page and in the database. */
export interface QueueNames {
  /** The prefix of its elements' ids (`rq`, `dbq`). */
  prefix: string;
  /** Its `meta` key. */
  key: string;
  /** The Web Lock that lets one tab run it. */
  lock: string;
  /** What it reviews, in its sentences ("study", "database"). */
  what: string;
}

export abstract class BackgroundQueue<R extends QueueRecBase, T> {
  protected rec: R | null = null;
  protected abort: AbortController | null = null;
  protected progress = { done: 0, total: 0, current: '', fraction: 0 };
  protected note = '';
  #running: Promise<void> | null = null;
  readonly #engines: BoardEngine;
  readonly #names: QueueNames;

  constructor(names: QueueNames, engines: BoardEngine) {
    this.#names = names;
    this.#engines = engines;
    const select = this.el<HTMLSelectElement>('strength');
    select.replaceChildren(
      ...QUEUE_PRESETS.map(([n, label]) => h('option', { value: String(n), selected: n === 1_000_000 }, label)),
    );
    on(`${names.prefix}-start`, 'click', () => void this.start(Number(select.value)));
    on(`${names.prefix}-pause`, 'click', () => void (this.rec?.paused ? this.resume() : this.pause()));
    on(`${names.prefix}-cancel`, 'click', () => void this.cancel());
  }

  /** The studies' database (null where the browser keeps none). */
  protected abstract storage(): StudyStorage | null;
  /** Starts a queue at `nodes` per position. */
  abstract start(nodes: number): Promise<void>;
  /** What is left to review, and how many items the queue has in all. */
  protected abstract todo(): Promise<{ todo: T[]; total: number }>;
  /** Reviews one item and keeps its review. */
  protected abstract review(item: T, rec: R, engine: Engine): Promise<ItemResult>;
  /** An item left out for good (kept with the queue). */
  protected skip(_item: T, _rec: R): void {}
  /** The sentence once every item is reviewed. */
  protected abstract finished(rec: R, total: number): string;
  /** The sentence after Cancel. */
  protected abstract cancelled(done: number, total: number): string;
  /** The status while the queue runs or is paused; `tail` is " · paused" or " · now …". */
  protected abstract status(rec: R, done: number, total: number, tail: string): string;

  /** The page's element `PREFIX-name`. */
  protected el<E extends HTMLElement = HTMLElement>(name: string): E {
    return $<E>(`${this.#names.prefix}-${name}`);
  }

  /** A queue kept from before (a reload, a new session): resumed unless it was paused. */
  protected async resumeKept(rec: R): Promise<void> {
    this.rec = rec;
    this.el<HTMLSelectElement>('strength').value = String(rec.nodes);
    if (rec.paused) await this.count();
    else this.run();
    this.render();
  }

  async pause(): Promise<void> {
    if (!this.rec || this.rec.paused) return;
    this.rec.paused = true;
    this.abort?.abort();
    await this.save();
    await this.#running;
    this.render();
  }

  async resume(): Promise<void> {
    if (!this.rec?.paused) return;
    this.rec.paused = false;
    await this.save();
    this.run();
  }

  /** Stops the queue for good; the reviews made so far stay. */
  async cancel(): Promise<void> {
    if (!this.rec) return;
    this.rec = null;
    this.abort?.abort();
    await this.storage()?.setMeta(this.#names.key, undefined);
    await this.#running;
    const { done, total } = this.progress;
    this.note = this.cancelled(done, total);
    this.render();
  }

  protected async save(): Promise<void> {
    try {
      await this.storage()?.setMeta(this.#names.key, this.rec ?? undefined);
    } catch (e) {
      this.note = `The queue could not be kept: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  protected async count(): Promise<void> {
    const { todo, total } = await this.todo();
    this.progress = { done: total - todo.length, total, current: '', fraction: 0 };
  }

  protected run(): void {
    if (this.#running || !this.rec || this.rec.paused) return;
    const locks = navigator.locks as LockManager | undefined;
    const body = async () => {
      let engine: Engine | null = null;
      try {
        for (;;) {
          const rec = this.rec;
          if (!rec || rec.paused) return;
          const { todo, total } = await this.todo();
          this.progress = { done: total - todo.length, total, current: '', fraction: 0 };
          this.render();
          if (!todo.length) {
            this.rec = null;
            await this.storage()?.setMeta(this.#names.key, undefined);
            this.note = this.finished(rec, total);
            return;
          }
          let reviewed = 0;
          for (const item of todo) {
            if (this.rec !== rec || rec.paused) return;
            engine ??= await this.#engines.spawn();
            const r = await this.review(item, rec, engine);
            if (r === 'reviewed') {
              reviewed++;
              this.progress.done++;
            } else if (r === 'skipped') {
              this.skip(item, rec);
              this.progress.total--;
              await this.save();
            }
            this.render();
          }
          // Every game left is being reviewed elsewhere (the board, another tab): wait a little.
          if (!reviewed) await new Promise((r) => setTimeout(r, 1000));
        }
      } catch (e) {
        const aborted = e instanceof EngineError && e.code === 'aborted';
        if (!aborted)
          this.note = `The ${this.#names.what} review stopped: ${e instanceof Error ? e.message : String(e)}`;
        if (this.rec && !aborted) {
          this.rec.paused = true;
          await this.save();
        }
      } finally {
        engine?.close();
      }
    };
    this.#running = (async () => {
      try {
        if (!locks) await body();
        else
          await locks.request(this.#names.lock, { ifAvailable: true }, async (lock) => {
            if (!lock) {
              this.note = `The ${this.#names.what} review runs in another tab of the board.`;
              return;
            }
            await body();
          });
      } finally {
        this.#running = null;
        this.abort = null;
        this.render();
      }
    })();
    this.render();
  }

  /** The review of one item begins: its label in the status, its progress from 0. */
  protected begin(current: string): AbortController {
    const ctl = new AbortController();
    this.abort = ctl;
    this.progress.current = current;
    this.progress.fraction = 0;
    this.render();
    return ctl;
  }

  /** The review of the current item has reached `fraction`. */
  protected advance(fraction: number): void {
    this.progress.fraction = fraction;
    this.renderProgress();
  }

  protected renderProgress(): void {
    const { done, total, current, fraction } = this.progress;
    const bar = this.el<HTMLProgressElement>('progress');
    bar.value = total ? (done + (this.#running && current ? fraction : 0)) / total : 0;
    const rec = this.rec;
    const tail = rec?.paused
      ? ' · paused'
      : current && this.#running
        ? ` · now ${current} (${Math.round(fraction * 100)}%)`
        : '';
    this.el('status').textContent = rec ? this.status(rec, done, total, tail) : this.note;
  }

  render(): void {
    const rec = this.rec;
    const start = this.el<HTMLButtonElement>('start');
    start.hidden = !!rec;
    start.disabled = !this.storage();
    this.el<HTMLSelectElement>('strength').disabled = !!rec;
    this.el('pause').hidden = !rec;
    this.el('pause').textContent = rec?.paused ? 'Resume' : 'Pause';
    this.el('cancel').hidden = !rec;
    this.el('progress').hidden = !rec;
    this.renderProgress();
    if (rec && this.note && !this.#running) this.el('status').textContent = this.note;
  }
}
