import type { Rolldown } from 'vite';

const framework = /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|styled-components|@emotion|stylis)\//;
const iconFactory = /node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|context|shared\/)/;

/** The bundle's chunks beyond the entry and the pages' own: Rolldown's `output.codeSplitting.groups`. */
export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  {
    // The framework (React, React DOM, the router, styled-components and lucide's icon factory) in one long-cached
    // chunk: it changes far less often than the pages. One chunk rather than several, because on a slow phone
    // connection each extra file on the critical path costs a round trip (docs/performance.md).
    name: 'vendor',
    priority: 2,
    test: (id) => framework.test(id) || iconFactory.test(id),
  },
  {
    // The site's own code that three or more entries (route modules, the entry, lazy parts) share, in one chunk:
    // left alone, the bundler makes a chunk of each set of sharers, and a page's first load was 30 files, most
    // under 2 kB; on a phone each file is a request of its own (decision 162).
    name: 'shared',
    priority: 1,
    minShareCount: 3,
    test: /\/src\/|\/machines\/|node_modules\/lucide-react\//,
  },
];
