import { GatewayError } from '../payments/gateway';
import { razorpayClient, type RazorpayGatewayOptions } from '../payments/razorpayGateway';
import {
  invoiceFromEntity,
  planFromEntity,
  subscriptionFromEntity,
  type GatewayInvoice,
  type GatewayPlan,
  type SubscriptionGateway,
} from './gateway';

/**
 * Razorpay's Plans, Subscriptions and Invoices API through the official SDK (docs/billing/razorpay-subscriptions.md
 * §1, §2, §6: the page behind each call is named there). Lists are paged 100 at a time.
 */

const PAGE = 100;
/** Never more than this many pages of one list: a runaway answer stops here instead of looping. */
const MAX_PAGES = 50;

type Sdk = ReturnType<typeof razorpayClient>['rzp'];
type Loose = Record<string, unknown>;

export function createRazorpaySubscriptions(options: RazorpayGatewayOptions): SubscriptionGateway {
  const { rzp, call } = razorpayClient(options);
  // The SDK's types lag its API (no `paused`, string counts): the answers are read through our own parsers.
  const sdk = rzp as unknown as {
    plans: { create(params: Loose): Promise<unknown>; all(params: Loose): Promise<unknown> };
    subscriptions: {
      create(params: Loose): Promise<unknown>;
      fetch(id: string): Promise<unknown>;
      cancel(id: string, atCycleEnd: boolean): Promise<unknown>;
      pause(id: string, params: Loose): Promise<unknown>;
      resume(id: string, params: Loose): Promise<unknown>;
      update(id: string, params: Loose): Promise<unknown>;
    };
    invoices: { all(params: Loose): Promise<unknown> };
  } & Omit<Sdk, 'plans' | 'subscriptions' | 'invoices'>;

  async function subscription(request: () => Promise<unknown>) {
    const parsed = subscriptionFromEntity(await call(request));
    if (!parsed) throw new GatewayError('refused', 'Razorpay answered with something that is not a subscription');
    return parsed;
  }

  async function everyPage<T>(fetchPage: (skip: number) => Promise<unknown>, parse: (entity: unknown) => T | null): Promise<T[]> {
    const found: T[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = (await call(() => fetchPage(page * PAGE))) as { items?: unknown };
      const items = Array.isArray(answer?.items) ? answer.items : [];
      for (const item of items) {
        const parsed = parse(item);
        if (parsed) found.push(parsed);
      }
      if (items.length < PAGE) break;
    }
    return found;
  }

  return {
    mode: 'live',
    now: async () => new Date(),
    async createPlan({ monthlyPaise, name, notes }): Promise<GatewayPlan> {
      const entity = await call(() =>
        sdk.plans.create({ period: 'monthly', interval: 1, item: { name, amount: monthlyPaise, currency: 'INR' }, notes }),
      );
      const plan = planFromEntity(entity);
      if (!plan || plan.monthlyPaise !== monthlyPaise)
        throw new GatewayError('refused', 'Razorpay answered with a plan that does not match the request');
      return plan;
    },
    listPlans: () => everyPage((skip) => sdk.plans.all({ count: PAGE, skip }), planFromEntity),
    createSubscription: ({ planId, totalCount, upfrontPaise, upfrontName, startAt, notes }) =>
      subscription(() =>
        sdk.subscriptions.create({
          plan_id: planId,
          total_count: totalCount,
          quantity: 1,
          // We write to our clients ourselves; Razorpay's own emails would say it twice.
          customer_notify: 0,
          ...(upfrontPaise > 0 && { addons: [{ item: { name: upfrontName, amount: upfrontPaise, currency: 'INR' } }] }),
          // Unix seconds: Razorpay refuses milliseconds (reference §9).
          ...(startAt && { start_at: Math.floor(startAt.getTime() / 1000) }),
          notes,
        }),
      ),
    fetchSubscription: (id) => subscription(() => sdk.subscriptions.fetch(id)),
    // A boolean, never an object: the SDK sends `cancel_at_cycle_end` only for a truthy second argument (reference §2.3).
    cancelSubscription: (id, atCycleEnd) => subscription(() => sdk.subscriptions.cancel(id, atCycleEnd)),
    pauseSubscription: (id) => subscription(() => sdk.subscriptions.pause(id, { pause_at: 'now' })),
    resumeSubscription: (id) => subscription(() => sdk.subscriptions.resume(id, { resume_at: 'now' })),
    changePlan: (id, planId) => subscription(() => sdk.subscriptions.update(id, { plan_id: planId, schedule_change_at: 'cycle_end' })),
    fetchInvoices: (subscriptionId): Promise<GatewayInvoice[]> =>
      everyPage((skip) => sdk.invoices.all({ subscription_id: subscriptionId, count: PAGE, skip }), invoiceFromEntity),
  };
}
