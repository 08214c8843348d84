import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contactMachine } from '../../../machines/contact.machine';
import { sendContactMessage } from './contactApi';
import type { ContactInput } from '../../domain/contact';

/** The contact form's actor: the bare machine by default; the page provides the live one below. */
export const ContactActor = createActorContext(contactMachine);

/** The machine with its real effect: posting to /api/contact. Tests provide their own. */
export const liveContactMachine = contactMachine.provide({
  actors: { sendMessage: fromPromise<void, ContactInput>(({ input }) => sendContactMessage(input)) },
});
