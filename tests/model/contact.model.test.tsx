import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor as waitForActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { contactMachine, type ContactEvent, type ContactRejection } from '../../machines/contact.machine';
import { contactFieldErrors, type ContactInput } from '../../src/domain/contact';
import { ContactForm } from '../../src/features/contact/ContactForm';
import { ContactActor } from '../../src/features/contact/contactActor';
import { renderWithApp } from '../render';
import { expectFullCoverage } from './coverage';
import { modelOf } from './testable';
import { coveringPaths } from './paths';

type Snapshot = SnapshotFrom<typeof contactMachine>;
/** What an event executor receives; `as never` on the executor map hides the generated event union. */
type ModelStep = { event: AnyEventObject };

const FAILURE = 'Sorry, there was a problem sending your message. Server responded with 503: maintenance';
const serverRefusal: ContactRejection = { fieldErrors: { email: 'Please enter a valid email address.' } };

/** Each field once right and once wrong: enough to reach every error state without an endless state space. */
const changes: ContactEvent[] = [
  { type: 'contact.change', field: 'name', value: 'Asha Rao' },
  { type: 'contact.change', field: 'name', value: '' },
  { type: 'contact.change', field: 'email', value: 'asha@raostores.in' },
  { type: 'contact.change', field: 'email', value: 'asha@' },
  { type: 'contact.change', field: 'phone', value: '+91 98765 43210' },
  { type: 'contact.change', field: 'phone', value: '12345' },
  { type: 'contact.change', field: 'message', value: 'We want more walk-ins at our store.' },
  { type: 'contact.change', field: 'message', value: 'Too short' },
];

/** Abstracts the context to what changes behaviour: the state, whether the form is valid, which errors show. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    valid: Object.keys(contactFieldErrors(snapshot.context.values)).length === 0,
    errors: Object.keys(snapshot.context.errors).sort(),
    failure: !!snapshot.context.failure,
  });

const model = createTestModel(modelOf(contactMachine), {
  events: [
    ...changes,
    { type: 'xstate.error.actor.sendMessage', error: serverRefusal },
    { type: 'xstate.error.actor.sendMessage', error: { message: FAILURE } },
  ] as never,
  serializeState,
});

const paths = coveringPaths(model, contactMachine, serializeState);

/** A stand-in for the network: each send waits until the test resolves or rejects it. */
function pendingSends() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  const logic = fromPromise<void, ContactInput>(() => new Promise<void>((resolve, reject) => (settle = { resolve, reject })));
  return {
    logic,
    resolve: () => settle!.resolve(),
    reject: (error: unknown) => settle!.reject(error),
  };
}

describe('contact machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage('contact', contactMachine, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const sends = pendingSends();
        const actor = createActor(contactMachine.provide({ actors: { sendMessage: sends.logic } })).start();
        const matchesModel = (expected: Snapshot) => {
          const actual = actor.getSnapshot();
          expect(actual.value).toEqual(expected.value);
          expect(actual.context).toEqual(expected.context);
        };
        await path.test({
          events: {
            'contact.change': ({ event }: ModelStep) => void actor.send(event as ContactEvent),
            'contact.submit': () => void actor.send({ type: 'contact.submit' }),
            'contact.reset': () => void actor.send({ type: 'contact.reset' }),
            'xstate.done.actor.sendMessage': async () => {
              sends.resolve();
              await waitForActor(actor, (snapshot) => snapshot.matches('success'));
            },
            'xstate.error.actor.sendMessage': async ({ event }: ModelStep) => {
              sends.reject((event as unknown as { error: unknown }).error);
              await waitForActor(actor, (snapshot) => !snapshot.matches('sending'));
            },
          } as never,
          states: {
            editing: matchesModel,
            sending: matchesModel,
            success: matchesModel,
            failed: matchesModel,
          },
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered form', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const sends = pendingSends();
        const { user } = renderWithApp(
          <ContactActor.Provider logic={contactMachine.provide({ actors: { sendMessage: sends.logic } })}>
            <ContactForm />
          </ContactActor.Provider>,
        );
        const labels = { name: /Full name/, email: /Email address/, phone: /Phone/, message: /Message/ } as const;

        /** In editing and failed states, every field shows exactly the model's error and nothing else. */
        const errorsShown = (expected: Snapshot) => {
          for (const field of ['name', 'email', 'phone', 'message'] as const) {
            const input = screen.getByLabelText(labels[field]);
            const message = expected.context.errors[field];
            if (message) {
              expect(input).toHaveAttribute('aria-invalid', 'true');
              expect(input).toHaveAccessibleDescription(message);
            } else {
              expect(input).not.toHaveAttribute('aria-invalid');
            }
            expect(input).toHaveValue(expected.context.values[field]);
          }
        };

        await path.test({
          events: {
            'contact.change': async ({ event }: ModelStep) => {
              const { field, value } = event as Extract<ContactEvent, { type: 'contact.change' }>;
              const input = screen.getByLabelText(labels[field]);
              await user.clear(input);
              if (value) await user.type(input, value);
            },
            'contact.submit': async () => {
              await user.click(screen.getByRole('button', { name: /Send Message/ }));
            },
            'contact.reset': async () => {
              await user.click(screen.getByRole('button', { name: 'Send another message' }));
            },
            'xstate.done.actor.sendMessage': async () => {
              await act(async () => sends.resolve());
            },
            'xstate.error.actor.sendMessage': async ({ event }: ModelStep) => {
              await act(async () => sends.reject((event as unknown as { error: unknown }).error));
            },
          } as never,
          states: {
            editing: (expected) => {
              errorsShown(expected);
              expect(screen.getByRole('button', { name: /Send Message/ })).toBeEnabled();
              expect(screen.queryByRole('alert')).toBeNull();
            },
            sending: () => {
              expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
              for (const label of Object.values(labels)) expect(screen.getByLabelText(label)).toBeDisabled();
            },
            success: () => {
              expect(screen.getByRole('status')).toHaveTextContent('Thank you, your message is on its way');
              expect(screen.queryByRole('form', { name: 'Contact form' })).toBeNull();
              // The form the keyboard was in is gone: focus goes to the thank-you, not to the page.
              expect(screen.getByRole('heading', { name: 'Thank you, your message is on its way' })).toHaveFocus();
            },
            failed: (expected) => {
              errorsShown(expected);
              expect(screen.getByRole('alert')).toHaveTextContent(expected.context.failure!);
              expect(screen.getByRole('button', { name: /Send Message/ })).toBeEnabled();
            },
          },
        });
      });
    }
  });
});
