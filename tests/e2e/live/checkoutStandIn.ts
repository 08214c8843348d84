/**
 * A stand-in for Razorpay's checkout.js (https://checkout.razorpay.com/v1/checkout.js), served to the page by the
 * spec's route: this machine has no internet, and the real one would reach Razorpay. It keeps Razorpay's interface as
 * src/lib/checkoutWidget.ts uses it (docs/billing/razorpay-subscriptions.md §4.1): `new Razorpay(options)`, `.open()`,
 * `.on('payment.failed', cb)`, `.close()`, `options.handler(response)` on success, `options.modal.ondismiss()` when the
 * buyer closes it. Like Razorpay's hosted checkout it asks Razorpay (here the fake's checkout side, at `api`) what the
 * subscription charges, and has it take the payment or decline it; its own dialog has Pay now, Simulate failure and
 * Close.
 *
 * Every construction records its options on `window.__razorpayOptions` (functions as the string 'function'), with
 * the keys given, so a test sees an option that was left out.
 */

export interface RecordedCheckout {
  /** The option names the page passed, in its order. */
  keys: string[];
  options: Record<string, unknown>;
}

/** The stand-in itself: runs in the page, so it uses nothing from outside its own body. */
function standIn(api: string) {
  interface Options {
    key: string;
    subscription_id?: string;
    name?: string;
    description?: string;
    prefill?: { name?: string; email?: string; contact?: string };
    handler?: (response: Record<string, string>) => void;
    modal?: { ondismiss?: () => void };
  }
  interface Failure {
    error: { code: string; description: string; metadata?: Record<string, unknown> };
  }
  const page = window as unknown as { Razorpay?: unknown; __razorpayOptions?: RecordedCheckout[] };
  const recorded: RecordedCheckout[] = (page.__razorpayOptions = []);

  /** A simple request (text/plain, no preflight), as the page's CSP lets it reach api.razorpay.com. */
  async function ask(path: string, body: Record<string, unknown>): Promise<{ ok: boolean; body: Record<string, unknown> }> {
    const response = await fetch(`${api}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    return { ok: response.ok, body: (await response.json()) as Record<string, unknown> };
  }

  const element = (tag: string, text = '') => {
    const made = document.createElement(tag);
    made.textContent = text;
    return made;
  };

  // A plain function, not a class: this body is sent to the page as its source text, and a transpiled class (or its
  // fields) could lean on helpers that live outside it. `new Razorpay(options)` answers the object returned.
  function Razorpay(options: Options) {
    recorded.push({
      keys: Object.keys(options),
      options: JSON.parse(JSON.stringify(options, (_key, value: unknown) => (typeof value === 'function' ? 'function' : value))) as Record<
        string,
        unknown
      >,
    });
    const failed: Array<(failure: Failure) => void> = [];
    let dialog: HTMLElement | null = null;

    const close = () => {
      dialog?.remove();
      dialog = null;
    };

    function open() {
      const shown = element('div');
      shown.setAttribute('role', 'dialog');
      shown.setAttribute('aria-modal', 'true');
      shown.setAttribute('aria-label', 'Razorpay Checkout (stand-in)');
      shown.style.cssText =
        'position:fixed;z-index:2147483647;top:10%;left:50%;transform:translateX(-50%);width:360px;padding:24px;' +
        'background:#fff;color:#111;border:1px solid #888;border-radius:8px;box-shadow:0 8px 32px rgba(0,0,0,.4);font:16px sans-serif';
      const amount = element('p', 'Loading...');
      const message = element('p');
      message.setAttribute('role', 'alert');
      const pay = element('button', 'Pay now') as HTMLButtonElement;
      const fail = element('button', 'Simulate failure') as HTMLButtonElement;
      const closeButton = element('button', '×') as HTMLButtonElement;
      closeButton.setAttribute('aria-label', 'Close');
      const busy = (on: boolean) => [pay, fail].forEach((button) => (button.disabled = on));
      busy(true);
      shown.append(closeButton, element('h2', options.name ?? ''), element('p', options.description ?? ''), amount, message, pay, fail);
      document.body.append(shown);
      dialog = shown;
      const said = { key: options.key, subscription_id: options.subscription_id, email: options.prefill?.email };

      // Razorpay takes a subscription's amount from the subscription (reference §4.1), never from the options.
      void ask('open', said).then(({ ok, body }) => {
        if (!ok) {
          amount.textContent = 'Oops! Something went wrong.';
          message.textContent = String((body.error as { description?: string } | undefined)?.description ?? '');
          return;
        }
        const format = new Intl.NumberFormat('en-IN', { style: 'currency', currency: String(body.currency), maximumFractionDigits: 0 });
        amount.textContent = `${format.format(Number(body.amount) / 100)} due today`;
        busy(false);
      });

      pay.addEventListener('click', () => {
        busy(true);
        void ask('pay', said).then(({ ok, body }) => {
          if (!ok) {
            message.textContent = String((body.error as { description?: string } | undefined)?.description ?? 'The payment failed.');
            busy(false);
            return;
          }
          // Razorpay closes its window, then hands the page the three values.
          close();
          options.handler?.(body as Record<string, string>);
        });
      });
      fail.addEventListener('click', () => {
        busy(true);
        void ask('fail', said).then(({ body }) => {
          // Razorpay keeps its window open for another try; the page may close it.
          message.textContent = String((body as unknown as Failure).error.description);
          busy(false);
          for (const callback of failed) callback(body as unknown as Failure);
        });
      });
      closeButton.addEventListener('click', () => {
        close();
        options.modal?.ondismiss?.();
      });
    }

    return {
      open,
      close,
      on(event: string, callback: (failure: Failure) => void) {
        if (event === 'payment.failed') failed.push(callback);
      },
    };
  }

  page.Razorpay = Razorpay;
}

/** The script the route serves in place of checkout.js: the stand-in, talking to `api`. */
export function checkoutStandInScript(api: string): string {
  return `(${standIn.toString()})(${JSON.stringify(api)});\n`;
}
