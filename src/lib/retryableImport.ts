/**
 * A module imported on the first call and shared by later ones; after a failed import, the next call tries again.
 * Browsers may keep a failed module fetch for its URL, so a retry imports the URL the error names under a fresh query.
 */
export function retryableImport<Module>(
  load: () => Promise<Module>,
  importUrl: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): () => Promise<Module> {
  let pending: Promise<Module> | null = null;
  let failedUrl: URL | null = null;
  let retries = 0;
  return () => {
    pending ??= attempt().catch((error: unknown) => {
      pending = null;
      failedUrl = failedModuleUrl(error) ?? failedUrl;
      throw error;
    });
    return pending;
  };

  function attempt(): Promise<Module> {
    if (!failedUrl) return load();
    const url = new URL(failedUrl);
    url.searchParams.set('retry', String(++retries));
    return importUrl(url.href) as Promise<Module>;
  }
}

/** The module URL a failed dynamic import names: "Failed to fetch dynamically imported module: <url>". */
function failedModuleUrl(error: unknown): URL | null {
  const named = error instanceof Error ? /dynamically imported module: (\S+)/.exec(error.message) : null;
  if (!named) return null;
  try {
    return new URL(named[1]!);
  } catch {
    return null;
  }
}
