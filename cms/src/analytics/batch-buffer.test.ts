import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchBuffer } from './batch-buffer';

const buffer = (
  write: (items: number[]) => Promise<void>,
  options: Partial<{ batchSize: number; flushMs: number; maxPending: number }> = {},
) => {
  const onError = vi.fn();
  return { onError, buffer: new BatchBuffer<number>({ write, batchSize: 3, flushMs: 1000, maxPending: 10, onError, ...options }) };
};

describe('BatchBuffer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes what waits flushMs after the first item, in one write', async () => {
    const write = vi.fn(async (_items: number[]) => undefined);
    const { buffer: b } = buffer(write);
    b.add(1);
    b.add(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith([1, 2]);
    expect(b.size).toBe(0);
  });

  it('writes at once when batchSize items wait, at most batchSize per write', async () => {
    const write = vi.fn(async (_items: number[]) => undefined);
    const { buffer: b } = buffer(write);
    for (const item of [1, 2, 3]) b.add(item);
    await vi.advanceTimersByTimeAsync(0);
    expect(write).toHaveBeenCalledWith([1, 2, 3]);
    for (const item of [4, 5, 6, 7]) b.add(item);
    await b.flush();
    expect(write.mock.calls.map(([items]) => items)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('keeps a failed batch, logs it and writes it on the retry, in order', async () => {
    let fail = true;
    const written: number[] = [];
    const { buffer: b, onError } = buffer(async (items) => {
      if (fail) throw new Error('database down');
      written.push(...items);
    });
    b.add(1);
    b.add(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }), 2);
    expect(b.size).toBe(2);
    b.add(3);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([1, 2, 3]);
    expect(b.size).toBe(0);
  });

  it('refuses items beyond maxPending (memory stays bounded) and takes them again once written', async () => {
    let fail = true;
    const { buffer: b } = buffer(
      async () => {
        if (fail) throw new Error('down');
      },
      { batchSize: 100, maxPending: 3 },
    );
    expect([b.add(1), b.add(2), b.add(3), b.add(4)]).toEqual([true, true, true, false]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.add(5)).toBe(false);
    fail = false;
    await b.flush();
    expect(b.size).toBe(0);
    expect(b.add(6)).toBe(true);
  });

  it('flush() writes everything now; close() too, and later items are written at once', async () => {
    const write = vi.fn(async (_items: number[]) => undefined);
    const { buffer: b } = buffer(write);
    b.add(1);
    await b.flush();
    expect(write).toHaveBeenCalledWith([1]);
    b.add(2);
    await b.close();
    expect(write).toHaveBeenLastCalledWith([2]);
    b.add(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(write).toHaveBeenLastCalledWith([3]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('flushes for a reader only when an item it needs waits or is being written (issue 16 §2)', async () => {
    const written: number[][] = [];
    let release: () => void = () => {};
    const { buffer: b } = buffer(
      async (items) => {
        written.push(items);
        await new Promise<void>((resolve) => (release = resolve));
      },
      { batchSize: 10 },
    );
    b.add(1);
    b.add(2);
    await b.flushWhen((item) => item === 7);
    expect(written).toEqual([]);
    const flushing = b.flushWhen((item) => item === 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([[1, 2]]);
    // Item 2 is being written: a reader that needs it waits for the write.
    let settled = false;
    const waiting = b.flushWhen((item) => item === 2).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    release();
    await flushing;
    await waiting;
    expect(settled).toBe(true);
  });

  it('joins callers of flush to the write already waiting its turn, one write for all (issue 16 §2)', async () => {
    const written: number[][] = [];
    let release: () => void = () => {};
    const { buffer: b } = buffer(
      async (items) => {
        written.push(items);
        if (written.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { batchSize: 10 },
    );
    b.add(1);
    const first = b.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([[1]]); // writing, held
    b.add(2);
    const second = b.flush();
    b.add(3);
    const third = b.flush();
    expect(third).toBe(second);
    release();
    await Promise.all([first, second, third]);
    expect(written).toEqual([[1], [2, 3]]);
  });
});
