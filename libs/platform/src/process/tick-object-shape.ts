import { AsyncResource } from 'node:async_hooks';

/**
 * One object shaped as `process.nextTick`'s queue entries, alive as long as the process (ADR 0084).
 *
 * Node builds each entry with an object literal whose first keys are computed (two async-hook
 * symbols, then `callback` and `args`). V8 records, per such key, the one hidden class it saw, and
 * holds that class weakly. When a full garbage collection runs while no entry is queued, the classes
 * die; the next entry gets new ones, V8 marks those four keys as megamorphic for good, and from then
 * on every `process.nextTick` call defines its keys through V8's runtime. A Node HTTP server calls it
 * several times per request: measured on the API, a tenth of an early answer's CPU
 * (docs/performance.md, "process.nextTick's entries keep their hidden classes").
 *
 * This object is built from the same literal keys in the same order, with values of the same kind
 * (ids as `AsyncResource` gets them from the same counters), so it has the same hidden class as the
 * queue's entries and keeps that class and its ancestors alive. Nothing else changes: nextTick, its
 * queue and async hooks are untouched.
 */
let kept: object | undefined;

/** Keeps the hidden classes of `process.nextTick`'s entries alive; once per process, first thing. */
export function keepTickObjectShape(): void {
  if (kept !== undefined) return;
  const resource = new AsyncResource('TickObjectShape');
  const symbols = Object.getOwnPropertySymbols(resource);
  const asyncId = symbols.find((symbol) => symbol.description === 'async_id_symbol');
  const triggerAsyncId = symbols.find((symbol) => symbol.description === 'trigger_async_id_symbol');
  // Another Node may name them otherwise: then there is nothing to match, and nothing is kept.
  if (asyncId === undefined || triggerAsyncId === undefined) return;
  kept = {
    [asyncId]: resource.asyncId(),
    [triggerAsyncId]: resource.triggerAsyncId(),
    callback: keepTickObjectShape,
    args: undefined,
  };
}
