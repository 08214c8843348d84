import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import styled, { ThemeProvider } from 'styled-components';
import { FlaskConical } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CheckoutResponse } from '../../../machines/payment.machine';
import { sandboxCheckoutMachine } from '../../../machines/sandboxCheckout.machine';
import { Button } from '../../ui/Button';
import { theme } from '../../ui/theme';
import { formatInr } from '../../domain/money';
import type { CheckoutConstructor, CheckoutFailure, CheckoutInstance, CheckoutOptions } from '../../lib/checkoutWidget';
import { sandboxFail, sandboxPay, type SandboxFailure } from '../../lib/paymentApi';

/**
 * The sandbox checkout (docs/decisions/091, 092): the local stand-in for Razorpay's widget, with its interface, used
 * when the server runs the sandbox gateway. "Pay now" has the gateway sign the payment as Razorpay would; the rest of
 * the flow is the production one.
 */

/** The declined payment's words, as Razorpay's test cards say them. */
export const SANDBOX_DECLINE = { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank' } as const;

/** The sandbox gateway's two buttons; `checkoutSecret` proves this page made the order (decision 190). */
export interface SandboxGatewayCalls {
  pay(orderId: string, email: string | undefined, checkoutSecret: string | undefined): Promise<CheckoutResponse>;
  fail(orderId: string, checkoutSecret: string | undefined): Promise<SandboxFailure>;
}

const liveCalls: SandboxGatewayCalls = {
  pay: (orderId, email, checkoutSecret) => sandboxPay(orderId, { email, checkoutSecret }),
  fail: (orderId, checkoutSecret) => sandboxFail(orderId, { checkoutSecret }),
};

interface DialogProps {
  options: CheckoutOptions;
  gateway: SandboxGatewayCalls;
  onPaid(response: CheckoutResponse): void;
  onFailed(failure: CheckoutFailure): void;
  onCancel(): void;
}

/** The window's machine with its effects: the test gateway's calls, and the outcome handed to the opener. */
function liveSandboxCheckout(
  gateway: SandboxGatewayCalls,
  checkoutSecret: string | undefined,
  { onPaid, onFailed, onCancel }: Omit<DialogProps, 'options' | 'gateway'>,
) {
  return sandboxCheckoutMachine.provide({
    actors: {
      pay: fromPromise(({ input }) => gateway.pay(input.checkoutId, input.email, checkoutSecret)),
      decline: fromPromise(async ({ input }) => {
        const answer = await gateway.fail(input.checkoutId, checkoutSecret);
        return { error: { ...SANDBOX_DECLINE, ...(answer.error.metadata ? { metadata: answer.error.metadata } : {}) } };
      }),
    },
    actions: {
      reportPaid: (_, { response }) => onPaid(response),
      reportDeclined: (_, { decline }) => onFailed(decline),
      reportCancelled: () => onCancel(),
    },
  });
}

/** The dialog itself: three buttons, focus kept inside, Escape cancels (the machine ignores it while a call runs). */
export function SandboxCheckoutDialog({ options, gateway, onPaid, onFailed, onCancel }: DialogProps) {
  const [logic] = useState(() => liveSandboxCheckout(gateway, options.checkout_secret, { onPaid, onFailed, onCancel }));
  const checkoutId = options.subscription_id ?? options.order_id ?? '';
  const [snapshot, send] = useMachine(logic, { input: { checkoutId, email: options.prefill.email || undefined } });
  const busy = snapshot.hasTag('busy');
  const { problem } = snapshot.context;
  const dialogRef = useRef<HTMLDivElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);

  useEffect(() => payRef.current?.focus(), []);

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      send({ type: 'sandbox.cancel' });
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the modal.
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return event.preventDefault();
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <Backdrop>
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="sandbox-checkout-title"
        aria-describedby="sandbox-checkout-note"
        onKeyDown={keyDown}
      >
        <Header>
          <Badge>
            <FlaskConical aria-hidden="true" size={16} /> Sandbox
          </Badge>
          <h2 id="sandbox-checkout-title">Test payment</h2>
        </Header>
        <Merchant>{options.name}</Merchant>
        <Description>{options.description}</Description>
        {options.amount !== undefined && <Amount>{formatInr(options.amount / 100)}</Amount>}
        {options.prefill.email && <Payer>Paying as {options.prefill.email}</Payer>}
        <Note id="sandbox-checkout-note">No real money moves: this checkout only runs on a site without payment keys.</Note>
        {problem && <Problem role="alert">{problem}</Problem>}
        <Actions>
          <Button ref={payRef} type="button" $block $size="lg" disabled={busy} onClick={() => send({ type: 'sandbox.pay' })}>
            Pay now
          </Button>
          <Button type="button" $variant="secondary" $block disabled={busy} onClick={() => send({ type: 'sandbox.decline' })}>
            Simulate failure
          </Button>
          <Button type="button" $variant="ghost" $block disabled={busy} onClick={() => send({ type: 'sandbox.cancel' })}>
            Cancel
          </Button>
        </Actions>
      </Dialog>
    </Backdrop>
  );
}

/**
 * The sandbox widget with Razorpay's interface: `open()` renders the dialog over the page (its own React root, so the
 * lib opener needs no React), and each outcome closes it before it calls back.
 */
export function sandboxCheckout(gateway: SandboxGatewayCalls = liveCalls): CheckoutConstructor {
  return class SandboxCheckout implements CheckoutInstance {
    private root: Root | null = null;
    private host: HTMLElement | null = null;
    private returnFocus: HTMLElement | null = null;
    private readonly failedListeners: ((failure: CheckoutFailure) => void)[] = [];

    constructor(private readonly options: CheckoutOptions) {}

    on(_event: 'payment.failed', callback: (failure: CheckoutFailure) => void): void {
      this.failedListeners.push(callback);
    }

    open(): void {
      if (this.root) return;
      this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      this.host = document.createElement('div');
      document.body.appendChild(this.host);
      document.body.style.overflow = 'hidden';
      this.root = createRoot(this.host);
      this.root.render(
        <ThemeProvider theme={theme}>
          <SandboxCheckoutDialog
            options={this.options}
            gateway={gateway}
            onPaid={(response) => {
              this.close();
              this.options.handler(response);
            }}
            onFailed={(failure) => {
              this.close();
              for (const listener of this.failedListeners) listener(failure);
            }}
            onCancel={() => {
              this.close();
              this.options.modal.ondismiss();
            }}
          />
        </ThemeProvider>,
      );
    }

    close(): void {
      if (!this.root) return;
      const root = this.root;
      this.root = null;
      // Unmounting inside the dialog's own click handler is not allowed synchronously.
      queueMicrotask(() => root.unmount());
      this.host?.remove();
      this.host = null;
      document.body.style.overflow = '';
      this.returnFocus?.focus();
    }
  };
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: rgba(11, 19, 36, 0.6);
  backdrop-filter: blur(2px);
`;

const Dialog = styled.div`
  width: min(100%, 400px);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(7)} ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  text-align: center;
`;

const Header = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
`;

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentInk};
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.06em;
`;

const Merchant = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.color.ink};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;

const Amount = styled.p`
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.size['3xl']};
  font-weight: 800;
  color: ${({ theme }) => theme.color.brandInk};
`;

const Payer = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandInk};
  font-size: ${({ theme }) => theme.size.sm};
`;

const Problem = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  font-weight: 600;
  font-size: ${({ theme }) => theme.size.sm};
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;
