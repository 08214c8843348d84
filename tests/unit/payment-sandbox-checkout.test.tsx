import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_DECLINE, sandboxCheckout, type SandboxGatewayCalls } from '../../src/features/payment/SandboxCheckout';
import type { CheckoutInstance, CheckoutOptions } from '../../src/lib/checkoutWidget';

const response = { razorpay_order_id: 'order_Test12345678', razorpay_payment_id: 'pay_Test12345678', razorpay_signature: 'a'.repeat(64) };

function options(): CheckoutOptions {
  return {
    key: 'rzp_test_sandbox',
    amount: 2_150_000,
    currency: 'INR',
    order_id: 'order_Test12345678',
    name: 'GrowthPath',
    description: 'Payment for Growth Engine Plan',
    prefill: { name: 'Asha Rao', email: 'asha@raostores.in', contact: '' },
    theme: { color: '#1d4ed8' },
    handler: vi.fn(),
    modal: { ondismiss: vi.fn() },
  };
}

function gateway(): SandboxGatewayCalls & { pay: ReturnType<typeof vi.fn>; fail: ReturnType<typeof vi.fn> } {
  return {
    pay: vi.fn(async () => response),
    fail: vi.fn(async () => ({ error: { ...SANDBOX_DECLINE, metadata: { order_id: 'order_Test12345678' } } })),
  };
}

let opened: CheckoutInstance | null = null;
function open(calls: SandboxGatewayCalls, opts: CheckoutOptions) {
  const Checkout = sandboxCheckout(calls);
  const instance = new Checkout(opts);
  const failed = vi.fn();
  instance.on('payment.failed', failed);
  act(() => instance.open());
  opened = instance;
  return { instance, failed };
}

afterEach(() => {
  act(() => opened?.close?.());
  opened = null;
});

describe('sandbox checkout dialog', () => {
  it('is a modal titled Test payment with the plan, the amount and exactly three named buttons; focus starts inside', () => {
    open(gateway(), options());
    const dialog = screen.getByRole('dialog', { name: 'Test payment' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Payment for Growth Engine Plan');
    expect(dialog).toHaveTextContent('₹21,500');
    const names = screen.getAllByRole('button').map((button) => button.textContent?.trim());
    expect(names).toEqual(['Pay now', 'Simulate failure', 'Cancel']);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveFocus();
  });

  it('Pay now asks the sandbox gateway with the prefill email, closes, then calls the handler', async () => {
    const calls = gateway();
    const opts = options();
    open(calls, opts);
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(opts.handler).toHaveBeenCalledWith(response));
    expect(calls.pay).toHaveBeenCalledWith('order_Test12345678', 'asha@raostores.in', undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opts.modal.ondismiss).not.toHaveBeenCalled();
  });

  it('Simulate failure records the decline and raises payment.failed with the test bank words', async () => {
    const calls = gateway();
    const opts = options();
    const { failed } = open(calls, opts);
    await userEvent.click(screen.getByRole('button', { name: 'Simulate failure' }));
    await waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(failed.mock.calls[0]![0]).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank' },
    });
    expect(calls.fail).toHaveBeenCalledWith('order_Test12345678', undefined);
    expect(opts.handler).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel and Escape both dismiss, without calling the gateway', async () => {
    for (const dismiss of [() => userEvent.click(screen.getByRole('button', { name: 'Cancel' })), () => userEvent.keyboard('{Escape}')]) {
      const calls = gateway();
      const opts = options();
      open(calls, opts);
      await dismiss();
      expect(opts.modal.ondismiss).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.pay).not.toHaveBeenCalled();
      expect(calls.fail).not.toHaveBeenCalled();
    }
  });

  it('Tab keeps focus inside the dialog', async () => {
    open(gateway(), options());
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it('a gateway that does not answer leaves the dialog open with the reason, buttons enabled again', async () => {
    const calls = gateway();
    calls.pay.mockRejectedValueOnce(new Error('The server could not be reached.'));
    const opts = options();
    open(calls, opts);
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(opts.handler).not.toHaveBeenCalled();
  });
});
