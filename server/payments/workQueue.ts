/** A tiny in-process queue: stored events are processed a few at a time, so a burst cannot exhaust the pool. */
export function createWorkQueue(concurrency: number) {
  const waiting: Array<() => Promise<void>> = [];
  const idle: Array<() => void> = [];
  let active = 0;
  const pump = () => {
    while (active < concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      active += 1;
      void job().finally(() => {
        active -= 1;
        pump();
      });
    }
    if (active === 0 && waiting.length === 0) idle.splice(0).forEach((resolve) => resolve());
  };
  return {
    push(job: () => Promise<void>) {
      waiting.push(job);
      pump();
    },
    settled: () => (active === 0 && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  };
}
