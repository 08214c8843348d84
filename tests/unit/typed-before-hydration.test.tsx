import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { handTypedValuesToReact } from '../../src/lib/typedBeforeHydration';

/** A form whose state lives in React, as a machine's context does: what it last saw of each field. */
function Form({ seen }: { seen: Record<string, string> }) {
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      seen[name] = event.target.value;
      setValues((current) => ({ ...current, [name]: event.target.value }));
    },
  });
  return (
    <form>
      <input type="text" {...field('name')} />
      <input type="email" {...field('email')} />
      <textarea {...field('message')} />
      <input type="checkbox" name="consent" />
    </form>
  );
}

// act() flushes React's work synchronously here, as in the app's own tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

it('hands what was typed into the prerendered fields before hydration to React, every field, and keeps it on screen', async () => {
  const seen: Record<string, string> = {};
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Form seen={seen} />);
  document.body.append(root);
  const [name, email] = [...root.querySelectorAll('input')] as [HTMLInputElement, HTMLInputElement];
  const message = root.querySelector('textarea')!;
  // Typed before the code arrived; the phone number left as rendered.
  name.value = 'Kavya Iyer';
  email.value = 'kavya@iyerbakes.in';
  message.value = 'More orders online, please.';
  root.querySelector<HTMLInputElement>('[type=checkbox]')!.checked = true;

  await act(async () => {
    hydrateRoot(root, <Form seen={seen} />);
  });
  // Hydrating kept the text but told React nothing.
  expect(seen).toEqual({});
  expect(name.value).toBe('Kavya Iyer');

  act(() => handTypedValuesToReact(root));
  expect(seen).toEqual({ name: 'Kavya Iyer', email: 'kavya@iyerbakes.in', message: 'More orders online, please.' });
  expect([name.value, email.value, message.value]).toEqual(['Kavya Iyer', 'kavya@iyerbakes.in', 'More orders online, please.']);

  // Nothing typed since: nothing handed over twice.
  act(() => handTypedValuesToReact(root));
  expect(Object.keys(seen)).toHaveLength(3);
});
