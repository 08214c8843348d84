import type styledFunction from 'styled-components';

type Styled = typeof styledFunction;
interface TemplateFunction {
  withConfig(config: { componentId: string }): unknown;
}

/**
 * styled-components names a component after a counter that every `styled(...)` call in the page increments, so its
 * class names depend on the order in which modules ran. The home page is prerendered and hydrated, and part of it
 * loads later as its own chunk (docs/performance-home.md): with a counter, a chunk that ran first (the chat) would
 * shift every later name, and the hydrated markup would get other classes than the prerendered one.
 *
 * The build (vite.config.ts, styledComponentIds) hands each source file this wrapper in place of `styled`, with a
 * key made from the file's path: the file's components are numbered in the order the file creates them, after that
 * key, whatever else has run.
 */
export function styledWithIds(styled: Styled, fileKey: string): Styled {
  let created = 0;
  const withId = (template: TemplateFunction) => template.withConfig({ componentId: `sc-${fileKey}${(created++).toString(36)}` });
  return new Proxy(styled, {
    // styled(Component)`...`
    apply: (target, thisArg, args: Parameters<Styled>) => withId(Reflect.apply(target, thisArg, args) as TemplateFunction),
    // styled.div`...`, styled.a.attrs(...)`...`
    get: (target, property, receiver) => {
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' && typeof property === 'string' ? withId(value as unknown as TemplateFunction) : value;
    },
  }) as Styled;
}
