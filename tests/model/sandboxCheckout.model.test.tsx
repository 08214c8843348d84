import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, createMachine, fromPromise, waitFor as waitForActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CheckoutResponse } from '../../machines/payment.machine';
import { sandboxCheckoutMachine, type SandboxCheckoutInput, type SandboxDecline } from '../../machines/sandboxCheckout.machine';
import { SANDBOX_DECLINE, sandboxCheckout } from '../../src/features/payment/SandboxCheckout';
import type { CheckoutInstance, CheckoutOptions } from '../../src/lib/checkoutWidget';
import { expectFullCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';

type Snapshot = SnapshotFrom<typeof sandboxCheckoutMachine>;

const input: SandboxCheckoutInput = { checkoutId: 'order_Test12345678', email: 'asha@raostores.in' };
const response: CheckoutResponse = {
  razorpay_order_id: 'order_Test12345678',
  razorpay_payment_id: 'pay_Test12345678',
  razorpay_signature: 'a'.repeat(64),
};
const decline: SandboxDecline = { error: { ...SANDBOX_DECLINE, metadata: { order_id: 'order_Test12345678' } } };
const unreachable = new Error('Could not reach the test gateway.');

/** xstate/graph starts machines without input, so the input is baked into the model's machine. */
const opened = createMachine(
  { ...sandboxCheckoutMachine.config, context: { ...input, problem: null } } as never,
  sandboxCheckoutMachine.implementations as never,
) as unknown as typeof sandboxCheckoutMachine;

const serializeState = (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, problem: snapshot.context.problem });

const model = createTestModel(modelOf(opened), {
  events: [
    { type: 'xstate.done.actor.pay', output: response },
    { type: 'xstate.error.actor.pay', error: unreachable },
    { type: 'xstate.done.actor.decline', output: decline },
    { type: 'xstate.error.actor.decline', error: unreachable },
  ] as never,
  serializeState,
});
const paths = coveringPaths(model, opened, serializeState);

/** The gateway's two calls, each waiting until the test settles it. */
function pendingGateway() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  const call = () => new Promise<never>((resolve, reject) => (settle = { resolve: resolve as never, reject }));
  return {
    calls: { pay: vi.fn((_id: string, _email?: string) => call()), fail: vi.fn((_id: string) => call()) },
    resolve: (value: unknown) => settle!.resolve(value),
    reject: (error: unknown) => settle!.reject(error),
  };
}

describe('sandbox checkout machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage('sandboxCheckout', sandboxCheckoutMachine, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const gateway = pendingGateway();
        const reported: string[] = [];
        const actor = createActor(
          sandboxCheckoutMachine.provide({
            actors: {
              pay: fromPromise(({ input }) => gateway.calls.pay(input.checkoutId, input.email)),
              decline: fromPromise(({ input }) => gateway.calls.fail(input.checkoutId)),
            },
            actions: {
              reportPaid: () => void reported.push('paid'),
              reportDeclined: () => void reported.push('declined'),
              reportCancelled: () => void reported.push('cancelled'),
            },
          }),
          { input },
        ).start();
        const matchesModel = (expected: Snapshot) => {
          expect(actor.getSnapshot().value).toEqual(expected.value);
          expect(actor.getSnapshot().context).toEqual(expected.context);
          const outcome = ['paid', 'declined', 'cancelled'].find((state) => expected.matches(state as never));
          expect(reported).toEqual(outcome ? [outcome] : []);
        };
        const settle = (run: () => void) => async () => {
          run();
          await waitForActor(actor, (snapshot) => !snapshot.hasTag('busy'));
        };
        await path.test({
          events: {
            'sandbox.pay': () => void actor.send({ type: 'sandbox.pay' }),
            'sandbox.decline': () => void actor.send({ type: 'sandbox.decline' }),
            'sandbox.cancel': () => void actor.send({ type: 'sandbox.cancel' }),
            'xstate.done.actor.pay': settle(() => gateway.resolve(response)),
            'xstate.error.actor.pay': settle(() => gateway.reject(unreachable)),
            'xstate.done.actor.decline': settle(() => gateway.resolve(decline)),
            'xstate.error.actor.decline': settle(() => gateway.reject(unreachable)),
          } as never,
          states: { '*': matchesModel } as never,
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered dialog', () => {
    let instance: CheckoutInstance | null = null;
    afterEach(() => {
      act(() => instance?.close?.());
      instance = null;
    });

    for (const path of paths) {
      it(path.description, async () => {
        const gateway = pendingGateway();
        const options: CheckoutOptions = {
          key: 'rzp_test_sandbox',
          amount: 2_150_000,
          currency: 'INR',
          order_id: input.checkoutId,
          name: 'GrowthPath',
          description: 'Payment for Growth Engine Plan',
          prefill: { name: 'Asha Rao', email: input.email!, contact: '' },
          theme: { color: '#1d4ed8' },
          handler: vi.fn(),
          modal: { ondismiss: vi.fn() },
        };
        const failed = vi.fn();
        const Checkout = sandboxCheckout({ pay: gateway.calls.pay, fail: gateway.calls.fail as never });
        instance = new Checkout(options);
        instance.on('payment.failed', failed);
        act(() => instance!.open());
        const user = userEvent.setup();
        const button = (name: string) => screen.getByRole('button', { name });
        const settled = (run: () => void) => async () => {
          await act(async () => run());
          await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay now' })?.hasAttribute('disabled') ?? false).toBe(false));
        };

        await path.test({
          events: {
            'sandbox.pay': () => user.click(button('Pay now')),
            'sandbox.decline': () => user.click(button('Simulate failure')),
            'sandbox.cancel': () => user.keyboard('{Escape}'),
            'xstate.done.actor.pay': settled(() => gateway.resolve(response)),
            'xstate.error.actor.pay': settled(() => gateway.reject(unreachable)),
            'xstate.done.actor.decline': settled(() => gateway.resolve({ error: decline.error })),
            'xstate.error.actor.decline': settled(() => gateway.reject(unreachable)),
          } as never,
          states: {
            '*': (expected: Snapshot) => {
              const open = !['paid', 'declined', 'cancelled'].some((state) => expected.matches(state as never));
              if (!open) {
                expect(screen.queryByRole('dialog')).toBeNull();
                expect(options.handler).toHaveBeenCalledTimes(expected.matches('paid') ? 1 : 0);
                expect(failed).toHaveBeenCalledTimes(expected.matches('declined') ? 1 : 0);
                expect(options.modal.ondismiss).toHaveBeenCalledTimes(expected.matches('cancelled') ? 1 : 0);
                return;
              }
              expect(screen.getByRole('dialog', { name: 'Test payment' })).toBeVisible();
              for (const name of ['Pay now', 'Simulate failure', 'Cancel']) {
                if (expected.hasTag('busy')) expect(button(name)).toBeDisabled();
                else expect(button(name)).toBeEnabled();
              }
              const problem = expected.context.problem;
              if (problem) expect(screen.getByRole('alert')).toHaveTextContent(problem);
              else expect(screen.queryByRole('alert')).toBeNull();
            },
          } as never,
        });
      });
    }
  });
});
