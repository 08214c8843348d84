import type { Plugin } from 'vite';

/**
 * lucide-react writes `class="lucide lucide-<name> lucide-<alias>"` on every icon; nothing styles by those names, and
 * on the prerendered home page they take index.html past TCP's first window (decision 183). The library's builder has
 * the switch (`includeDefaultClasses`) but its React component does not pass it on, so this passes it. A class given
 * to an icon is still written. The build stops if the line it looks for is gone.
 */
export function lucideWithoutDefaultClasses(): Plugin {
  const anchor = 'hasA11yProp: hasAccessibleProp,';
  return {
    name: 'lucide-without-default-classes',
    apply: 'build',
    transform(code, id) {
      if (!id.split('?')[0]!.endsWith('/node_modules/lucide-react/dist/esm/Icon.mjs')) return null;
      if (!code.includes(anchor)) this.error(`lucide-react's Icon.mjs no longer has "${anchor}": see build/lucideWithoutDefaultClasses.ts`);
      return { code: code.replace(anchor, `${anchor} includeDefaultClasses: false,`), map: null };
    },
  };
}
