import { describe, expect, it, vi } from 'vitest';
import { retryableImport } from '../../src/lib/retryableImport';

/**
 * A lazily imported module that can be tried again: one import shared by every call, and after a failure a retry
 * that a browser keeping the failed fetch for its URL cannot answer from that memory (a fresh URL for the same file).
 */

const chunk = 'https://growth.example/assets/ChatWidget-C0shmcql.js';
const fetchFailed = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);
const module = { ChatWidget: 'the widget' };

describe('retryableImport', () => {
  it('imports once and shares the module with every later call, including calls made while it loads', async () => {
    const load = vi.fn(async () => module);
    const importUrl = vi.fn(async () => module);
    const loadWidget = retryableImport(load, importUrl);
    const first = loadWidget();
    expect(loadWidget()).toBe(first);
    await expect(first).resolves.toBe(module);
    await expect(loadWidget()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl).not.toHaveBeenCalled();
  });

  it('passes a failure on, and the next call imports the URL that failed under a fresh query', async () => {
    const load = vi.fn(() => Promise.reject(fetchFailed(chunk)));
    const importUrl = vi.fn(async () => module);
    const loadWidget = retryableImport(load, importUrl);
    await expect(loadWidget()).rejects.toThrow(`Failed to fetch dynamically imported module: ${chunk}`);

    await expect(loadWidget()).resolves.toBe(module);
    expect(importUrl).toHaveBeenCalledExactlyOnceWith(`${chunk}?retry=1`);
    // Loaded: later calls share it and fetch nothing more.
    await expect(loadWidget()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl).toHaveBeenCalledTimes(1);
  });

  it('gives every retry a URL of its own, keeping the query the module had', async () => {
    const devModule = 'http://localhost:5173/src/features/chat/ChatWidget.tsx?t=1700000000000';
    const importUrl = vi.fn((url: string) => Promise.reject(fetchFailed(url)));
    const loadWidget = retryableImport(() => Promise.reject(fetchFailed(devModule)), importUrl);
    for (let call = 0; call < 3; call++) await expect(loadWidget()).rejects.toThrow(TypeError);
    expect(importUrl.mock.calls.map(([url]) => url)).toEqual([`${devModule}&retry=1`, `${devModule}&retry=2`]);
  });

  it('imports the same way again when the error names no URL', async () => {
    const load = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValueOnce(module);
    const importUrl = vi.fn(async () => module);
    const loadWidget = retryableImport(load, importUrl);
    await expect(loadWidget()).rejects.toThrow('Importing a module script failed.');
    await expect(loadWidget()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
    expect(importUrl).not.toHaveBeenCalled();
  });
});
