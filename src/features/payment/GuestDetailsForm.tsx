import { useRef, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { ArrowRight } from 'lucide-react';
import type { GuestField } from '../../../machines/payment.machine';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { FieldError, FieldGroup, Fieldset, Input, Label } from '../../ui/form';
import { PaymentActor } from './paymentActor';

const fields: { name: GuestField; label: string; type: string; autoComplete: string; optional?: boolean }[] = [
  { name: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true },
];

/** The guest step (docs/decisions/092): who is paying, so the payment finds or creates their one account. */
export function GuestDetailsForm() {
  const actor = PaymentActor.useActorRef();
  const values = PaymentActor.useSelector((snapshot) => snapshot.context.values);
  const errors = PaymentActor.useSelector((snapshot) => snapshot.context.errors);
  const summaryRef = useRef<HTMLDivElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Rendered at once, so the summary of what the submit found is there to take focus
    // (docs/decisions/131-error-summary-focus.md).
    flushSync(() => actor.send({ type: 'payment.continue' }));
    if (Object.keys(actor.getSnapshot().context.errors).length > 0) summaryRef.current?.focus();
  }

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="guest-details-title">
      <div>
        <h2 id="guest-details-title">Your details</h2>
        <Hint>We create your GrowthPath account with this email, and send your receipt to it.</Hint>
      </div>
      <ErrorSummary
        ref={summaryRef}
        errors={fields.flatMap((field) => {
          const message = errors[field.name];
          return message ? [{ fieldId: `payment-${field.name}`, message }] : [];
        })}
      />
      <Fieldset>
        {fields.map((field) => (
          <FieldGroup key={field.name}>
            <Label htmlFor={`payment-${field.name}`}>
              {field.label} {field.optional && <span>(optional)</span>}
            </Label>
            <Input
              id={`payment-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => actor.send({ type: 'payment.change', field: field.name, value: event.target.value })}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? `payment-${field.name}-error` : undefined}
              required={!field.optional}
            />
            {errors[field.name] && <FieldError id={`payment-${field.name}-error`}>{errors[field.name]}</FieldError>}
          </FieldGroup>
        ))}
      </Fieldset>
      <Button type="submit" $block $size="lg">
        Continue to payment <ArrowRight aria-hidden="true" size={18} />
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  h2 {
    font-size: ${({ theme }) => theme.size.md};
  }
`;

const Hint = styled.p`
  margin-top: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
`;
