import type { Plugin } from 'vite';

/**
 * React Router publishes its development build (dev-only warnings compiled in) under every import condition; its
 * production build, published beside it, is the same code with them compiled out: fewer bytes and no dev warnings in
 * the console. Only for `vite build`; every import of react-router resolves the same way, so there is one copy.
 */
export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes('/react-router/dist/development/')) return resolved;
      return { ...resolved, id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/') };
    },
  };
}
