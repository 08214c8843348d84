import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { contactFieldErrors, type ContactField, type ContactFieldErrors, type ContactInput } from '../src/domain/contact';

/**
 * The contact form (docs/product.md §4, §5): editing with per-field errors, sending, success, failed.
 * The machine names its one effect, `sendMessage`; the app supplies it with `.provide()`.
 */

export type ContactValues = Record<ContactField, string>;

export interface ContactContext {
  values: ContactValues;
  errors: ContactFieldErrors;
  /** The line shown after a failed send. */
  failure: string | null;
}

export type ContactEvent =
  { type: 'contact.change'; field: ContactField; value: string } | { type: 'contact.submit' } | { type: 'contact.reset' };

/** What `sendMessage` may reject with when the server refused some fields; anything else is a failed send. */
export interface ContactRejection {
  fieldErrors?: ContactFieldErrors;
  message?: string;
}

export const emptyContactValues: ContactValues = { name: '', email: '', phone: '', message: '' };

const GENERIC_FAILURE = 'Sorry, there was a problem sending your message. An unknown error occurred.';

function rejectionOf(error: unknown): ContactRejection {
  return typeof error === 'object' && error !== null ? (error as ContactRejection) : {};
}

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    sendMessage: fromPromise<void, ContactInput>(async () => {
      throw new Error('sendMessage must be provided by the app');
    }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(contactFieldErrors(context.values)).length === 0,
    serverRefusedFields: ({ event }) => {
      const fieldErrors = rejectionOf((event as { error?: unknown }).error).fieldErrors;
      return !!fieldErrors && Object.keys(fieldErrors).length > 0;
    },
  },
  actions: {
    // Editing a field clears that field's error (docs/product.md §5) and any failure line.
    editField: assign(({ context, event }) => {
      assertEvent(event, 'contact.change');
      const errors = { ...context.errors };
      delete errors[event.field];
      return { values: { ...context.values, [event.field]: event.value }, errors, failure: null };
    }),
    showFieldErrors: assign({ errors: ({ context }) => contactFieldErrors(context.values) }),
    clearFeedback: assign({ errors: {}, failure: null }),
    showServerFieldErrors: assign({
      errors: ({ event }) => rejectionOf((event as { error?: unknown }).error).fieldErrors ?? {},
    }),
    showFailure: assign({
      failure: ({ event }) => rejectionOf((event as { error?: unknown }).error).message || GENERIC_FAILURE,
    }),
    startOver: assign({ values: emptyContactValues, errors: {}, failure: null }),
  },
}).createMachine({
  id: 'contact',
  context: { values: emptyContactValues, errors: {}, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'contact.change': { actions: 'editField' },
        'contact.submit': [{ guard: 'formIsValid', target: 'sending', actions: 'clearFeedback' }, { actions: 'showFieldErrors' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => context.values,
        onDone: { target: 'success' },
        onError: [
          { guard: 'serverRefusedFields', target: 'editing', actions: 'showServerFieldErrors' },
          { target: 'failed', actions: 'showFailure' },
        ],
      },
    },
    success: {
      on: { 'contact.reset': { target: 'editing', actions: 'startOver' } },
    },
    failed: {
      on: {
        'contact.change': { target: 'editing', actions: 'editField' },
        // Only a valid form reaches `failed`, and any edit leaves it, so a retry needs no validation.
        'contact.submit': { target: 'sending', actions: 'clearFeedback' },
      },
    },
  },
});
