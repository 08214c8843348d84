import { useEffect, useRef, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { CircleCheck, Send } from 'lucide-react';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { FieldError, FieldGroup, FormAlert, Input, Label, TextArea, Fieldset } from '../../ui/form';
import type { ContactField } from '../../domain/contact';
import { ContactActor } from './contactActor';

const fields: { name: ContactField; label: string; optional?: boolean; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', optional: true, type: 'tel', autoComplete: 'tel' },
];

/** Renders the contact machine: fields with their errors, Sending..., the thank-you, or the failure line. */
export function ContactForm() {
  const actor = ContactActor.useActorRef();
  const values = ContactActor.useSelector((snapshot) => snapshot.context.values);
  const errors = ContactActor.useSelector((snapshot) => snapshot.context.errors);
  const failure = ContactActor.useSelector((snapshot) => snapshot.context.failure);
  const busy = ContactActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const sent = ContactActor.useSelector((snapshot) => snapshot.matches('success'));
  const summaryRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const wasSent = useRef(sent);

  // The form the keyboard was in goes away when the message is sent, and comes back on "Send another message":
  // focus moves to what replaced it each time, never to the page.
  useEffect(() => {
    if (sent === wasSent.current) return;
    wasSent.current = sent;
    (sent ? thanksRef.current : firstFieldRef.current)?.focus();
  }, [sent]);

  if (sent) {
    return (
      <ThankYou role="status">
        <CircleCheck aria-hidden="true" size={40} />
        <h3 ref={thanksRef} tabIndex={-1}>
          Thank you, your message is on its way
        </h3>
        <p>We have received your message and will reply within 24 hours.</p>
        <Button type="button" $variant="secondary" onClick={() => actor.send({ type: 'contact.reset' })}>
          Send another message
        </Button>
      </ThankYou>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Rendered at once, so the summary of what the submit found is there to take focus
    // (docs/decisions/131-error-summary-focus.md).
    flushSync(() => actor.send({ type: 'contact.submit' }));
    if (Object.keys(actor.getSnapshot().context.errors).length > 0) summaryRef.current?.focus();
  }

  const change = (field: ContactField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'contact.change', field, value: event.target.value });

  const describedBy = (field: ContactField) => (errors[field] ? `contact-${field}-error` : undefined);

  return (
    <Form noValidate onSubmit={submit} aria-label="Contact form">
      <ErrorSummary ref={summaryRef} errors={summaryOf(errors)} />
      <Fieldset disabled={busy}>
        {fields.map((field) => (
          <FieldGroup key={field.name}>
            <Label htmlFor={`contact-${field.name}`}>
              {field.label} {field.optional && <span>(optional)</span>}
            </Label>
            <Input
              id={`contact-${field.name}`}
              ref={field.name === 'name' ? firstFieldRef : undefined}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={change(field.name)}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={describedBy(field.name)}
              required={!field.optional}
            />
            {errors[field.name] && <FieldError id={`contact-${field.name}-error`}>{errors[field.name]}</FieldError>}
          </FieldGroup>
        ))}
        <FieldGroup>
          <Label htmlFor="contact-message">Message</Label>
          <TextArea
            id="contact-message"
            name="message"
            value={values.message}
            onChange={change('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message')}
            required
            rows={5}
          />
          {errors.message && <FieldError id="contact-message-error">{errors.message}</FieldError>}
        </FieldGroup>
      </Fieldset>
      {failure && <FormAlert role="alert">{failure}</FormAlert>}
      <Button type="submit" $size="lg" disabled={busy}>
        {busy ? 'Sending...' : 'Send Message'} {!busy && <Send aria-hidden="true" size={18} />}
      </Button>
    </Form>
  );
}

/** The field errors in the order the fields are shown. */
const summaryOf = (errors: Partial<Record<ContactField, string>>) =>
  [...fields.map((field) => field.name), 'message' as const].flatMap((name) =>
    errors[name] ? [{ fieldId: `contact-${name}`, message: errors[name] }] : [],
  );

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  > button {
    justify-self: start;
  }
`;

const ThankYou = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.successSoft};
  > svg {
    color: ${({ theme }) => theme.color.success};
  }
  h3 {
    font-size: ${({ theme }) => theme.size.xl};
  }
  h3:focus {
    outline: none;
  }
  h3:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 4px;
  }
  p {
    color: ${({ theme }) => theme.color.muted};
  }
`;
