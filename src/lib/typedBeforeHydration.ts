/**
 * Text typed into a prerendered field before the page hydrated is on screen, but its machine never saw it: React keeps
 * the typed value while hydrating, and only reports a change when a value differs from the one it last knew
 * (docs/decisions/152-presses-before-hydration.md). Called once the page is hydrated, before held presses are pressed
 * again, so a form sent early is sent with what was typed.
 */
export function handTypedValuesToReact(root: Element): void {
  // All read first: the first change re-renders the form, and React then puts its own values back in the others.
  const typed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    // React has just set defaultValue to the value it rendered; checkboxes and the like have no typed text.
    .filter((field) => field.value !== field.defaultValue && (field instanceof HTMLTextAreaElement || textTypes.has(field.type)))
    .map((field) => [field, field.value] as const);
  for (const [field, value] of typed) {
    // Through the element, React's value tracker learns the rendered value; through the prototype, it does not see
    // the typed one come back, so the input event below reads as a change (the way testing libraries type).
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const textTypes = new Set(['text', 'email', 'tel', 'url', 'search', 'password', 'number']);
