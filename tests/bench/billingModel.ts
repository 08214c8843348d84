import {
  billingPriceOf,
  cancellationOutcome,
  entitlementOf,
  periodEnd,
  type CancellationOutcome,
  type Entitlement,
  type SubscriptionStatus,
} from '../../src/domain/billing';

/**
 * Monthly billing's oracle (issue 35, the 1,000 × 12 months property): a plain in-memory simulation of what Razorpay
 * does to a subscription, given the same random choices the servers get, and of what our own rules then say the
 * client holds. It uses nothing of the server: only src/domain/billing.ts (periodEnd, cancellationOutcome,
 * entitlementOf, the prices) and the documented rules (docs/decisions/180-monthly-billing.md,
 * docs/billing/razorpay-subscriptions.md):
 *  - the first charge is setup + the first month, each renewal the monthly fee, on 00:00 IST of the period's end;
 *  - a failed charge makes the subscription `pending`, retried on T+1, T+2 and T+3, then `halted` (§3.3);
 *  - a cancel at least CANCEL_NOTICE_DAYS before the billing date ends the subscription at cycle end; inside the
 *    notice the next charge is still taken, then it ends at that period's end (decision 180, "Cancelling");
 *  - a pause stops charges at once; a resume inside the paid period charges on the old date, after it a new period
 *    starts and is charged at the resume (the sandbox's reading of reference §10.5, which Razorpay leaves undocumented).
 * Also the scenario generator: a seeded PRNG and what each client does on each simulated day.
 */

export const DAY_MS = 24 * 60 * 60_000;
/** Retries after a failed charge before the subscription halts (reference §3.3: T+1, T+2, T+3). */
const RETRIES = 3;

export type SoldPlan = 'launchpad' | 'growth-engine';

// ---- a seeded PRNG ---------------------------------------------------------------------------------------------

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Shuffles in place (Fisher-Yates) and answers the same array. */
  shuffle<T>(items: T[]): T[];
}

/** mulberry32: tiny, fast and good enough for test scenarios; `stream` gives independent sequences from one seed. */
export function seededRandom(seed: number, stream = 0): Random {
  let state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(stream + 1, 0xc2b2ae35)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
  return random;
}

// ---- the model -------------------------------------------------------------------------------------------------

export interface ModelSubscription {
  readonly client: number;
  readonly plan: SoldPlan;
  /** Razorpay's status. */
  status: SubscriptionStatus;
  /** The end of the current billing cycle (Razorpay's current_end). */
  currentEnd: Date;
  /** When Razorpay next charges (or retries); null when it will not. */
  chargeAt: Date | null;
  /** Failed attempts on the current invoice. */
  attempts: number;
  /** The next this many charge attempts are declined (the scenario's choice). */
  failNext: number;
  /** Razorpay's own note of a cancel at cycle end, which it shows nowhere (reference §8.2 #2). */
  cancelAtCycleEnd: boolean;
  /** Ours: the client cancelled and the service ends on this date. */
  cancelAt: Date | null;
  /** Ours: cancelled inside the notice, so cancel at cycle end once the charge due on this date is taken. */
  cancelAfterCharge: Date | null;
  /** The end of the last period paid for. */
  paidThrough: Date;
  /** Paise of each paid invoice, oldest first. */
  invoices: number[];
  /** When the last charge was taken. */
  lastPaidAt: Date;
}

function priceOf(plan: SoldPlan) {
  const price = billingPriceOf(plan);
  if (!price) throw new Error(`${plan} is not sold online`);
  return price;
}

/** A client subscribes and pays at `now`: setup + the first month, for the period up to periodEnd(now). */
export function subscribe(client: number, plan: SoldPlan, now: Date): ModelSubscription {
  const end = periodEnd(now);
  return {
    client,
    plan,
    status: 'active',
    currentEnd: end,
    chargeAt: end,
    attempts: 0,
    failNext: 0,
    cancelAtCycleEnd: false,
    cancelAt: null,
    cancelAfterCharge: null,
    paidThrough: end,
    invoices: [priceOf(plan).firstChargePaise],
    lastPaidAt: now,
  };
}

/** Whether this attempt is declined (uses up one of the scenario's failures). */
function declines(sub: ModelSubscription): boolean {
  if (sub.failNext === 0) return false;
  sub.failNext -= 1;
  return true;
}

/** The current cycle's invoice was paid at `at`: the paid period moves on, and a cancel promised after it is kept. */
function paid(sub: ModelSubscription, at: Date) {
  sub.invoices.push(priceOf(sub.plan).monthlyPaise);
  sub.lastPaidAt = at;
  sub.status = 'active';
  sub.attempts = 0;
  sub.paidThrough = sub.currentEnd;
  sub.chargeAt = sub.currentEnd;
  if (sub.cancelAfterCharge && sub.paidThrough.getTime() > sub.cancelAfterCharge.getTime()) {
    sub.cancelAtCycleEnd = true;
    sub.cancelAt = sub.paidThrough;
    sub.cancelAfterCharge = null;
  }
}

/** A retry of the unpaid invoice (T+1..T+3): paid, or one more failure, the fourth in a row halting it. */
function retry(sub: ModelSubscription) {
  if (!declines(sub)) return paid(sub, sub.chargeAt!);
  sub.attempts += 1;
  if (sub.attempts > RETRIES) {
    sub.status = 'halted';
    sub.chargeAt = null;
  } else {
    sub.chargeAt = new Date(sub.chargeAt!.getTime() + DAY_MS);
  }
}

/** What Razorpay does when the subscription's charge date comes. */
function fallDue(sub: ModelSubscription) {
  if (sub.status === 'pending') return retry(sub);
  if (sub.cancelAtCycleEnd) {
    sub.status = 'cancelled';
    sub.chargeAt = null;
    return;
  }
  const start = sub.currentEnd;
  sub.currentEnd = periodEnd(start);
  if (!declines(sub)) return paid(sub, start);
  sub.status = 'pending';
  sub.attempts = 1;
  sub.chargeAt = new Date(start.getTime() + DAY_MS);
}

const charging = (sub: ModelSubscription) => sub.status === 'active' || sub.status === 'pending';

/** Time passes to `now`: every charge and retry that fell due is made, in order. */
export function advanceTo(subs: readonly ModelSubscription[], now: Date) {
  for (const sub of subs) {
    while (charging(sub) && sub.chargeAt && sub.chargeAt.getTime() <= now.getTime()) fallDue(sub);
  }
}

export function failNextCharges(sub: ModelSubscription, charges: number) {
  sub.failNext = charges;
}

/** The client cancels at `now` (decision 180): at cycle end with enough notice, otherwise after the next charge. */
export function cancel(sub: ModelSubscription, now: Date): CancellationOutcome {
  const outcome = cancellationOutcome(now, sub.paidThrough);
  sub.cancelAt = outcome.endsAt;
  if (outcome.kind === 'at_period_end') sub.cancelAtCycleEnd = true;
  else sub.cancelAfterCharge = outcome.nextChargeAt;
  return outcome;
}

/** Staff pause: Razorpay pauses at once and charges nothing until resumed. */
export function pause(sub: ModelSubscription) {
  sub.status = 'paused';
  sub.chargeAt = null;
}

/** Staff resume at `now`: the next charge keeps its date inside the paid period; after it, a new period starts now. */
export function resume(sub: ModelSubscription, now: Date) {
  sub.status = 'active';
  if (sub.currentEnd.getTime() > now.getTime()) {
    sub.chargeAt = sub.currentEnd;
    return;
  }
  sub.currentEnd = now;
  sub.chargeAt = now;
  advanceTo([sub], now);
}

/** What the client holds at `now`, by our rules (src/domain/billing.ts entitlementOf): one subscription each. */
export function entitlement(sub: ModelSubscription, now: Date): Entitlement {
  const { plan, status, paidThrough, cancelAt } = sub;
  return entitlementOf([{ plan, status, paidThrough, cancelAt }], [], now);
}

export const paidPaise = (sub: ModelSubscription) => sub.invoices.reduce((sum, paise) => sum + paise, 0);

// ---- the scenario ----------------------------------------------------------------------------------------------

export interface ScenarioOptions {
  subs: number;
  months: number;
  seed: number;
}

/** How often, per subscription and month, each thing happens (chosen per day, so at any point of the cycle). */
export const monthlyRates = { failingCharge: 0.1, cancel: 0.05, pause: 0.04 } as const;
/** Of the charges after the first, this share makes the client cancel on seeing it (racing the charge's event). */
const CANCEL_ON_CHARGE = 0.03;
/** Of the failing charges, this share halts (four declines); the rest recover on retry T+1, T+2 or T+3. */
const HALTING_SHARE = 0.35;
/** Subscriptions start over the first days, so billing dates fall on every day of the month (and its last days). */
const START_WINDOW_DAYS = 28;
/** A paused subscription is resumed this many days later (some stay paused past the end). */
const PAUSE_DAYS = { min: 2, max: 45 } as const;
/** The client cancels only once the first charge has surely reached the servers. */
const MIN_AGE_TO_CANCEL_DAYS = 3;

const perDay = (monthly: number) => monthly / 30;

export interface ClientPlan {
  client: number;
  plan: SoldPlan;
  /** The simulated day the client subscribes and pays. */
  startDay: number;
  /** The browser comes back to verify the first charge; otherwise only the events fulfil it. */
  verifies: boolean;
}

/** Days simulated: the start window, then `months` months for the last subscription to start. */
export const scenarioDays = ({ months }: Pick<ScenarioOptions, 'months'>) => START_WINDOW_DAYS + Math.ceil((months * 365.25) / 12);

export function clientPlans({ subs, seed }: ScenarioOptions): ClientPlan[] {
  const random = seededRandom(seed, 1);
  return Array.from({ length: subs }, (_, client) => ({
    client,
    plan: random.chance(0.6) ? 'launchpad' : 'growth-engine',
    startDay: random.int(0, START_WINDOW_DAYS - 1),
    verifies: random.chance(0.7),
  }));
}

export type Action =
  | { kind: 'fail'; client: number; charges: number }
  | { kind: 'cancel'; client: number }
  | { kind: 'pause'; client: number; resumeDay: number }
  | { kind: 'resume'; client: number };

/** Per-subscription facts the generator needs beyond the model: when it started, when a pause ends. */
export interface ScenarioState {
  startDay: Map<number, number>;
  resumeDay: Map<number, number>;
}

/**
 * What clients and staff do on `day`, decided from the model's state only (so the servers' answers never steer the
 * scenario): at most one action per subscription and day, each only where Razorpay and our API allow it.
 */
export function actionsForDay(subs: readonly ModelSubscription[], state: ScenarioState, day: number, now: Date, random: Random): Action[] {
  const actions: Action[] = [];
  for (const sub of subs) {
    const action = actionFor(sub, state, day, now, random);
    if (action) actions.push(action);
  }
  return actions;
}

function actionFor(sub: ModelSubscription, state: ScenarioState, day: number, now: Date, random: Random): Action | null {
  const { client } = sub;
  if (sub.status === 'paused') return state.resumeDay.get(client) === day ? { kind: 'resume', client } : null;
  if (!charging(sub)) return null;
  const roll = random.next();
  const cancellable = !sub.cancelAt && day - state.startDay.get(client)! >= MIN_AGE_TO_CANCEL_DAYS;
  // Charged since the last simulated day: a renewal at midnight, or a resume's charge the day before.
  const justCharged = sub.invoices.length > 1 && now.getTime() - sub.lastPaidAt.getTime() <= DAY_MS;
  if (justCharged && cancellable && random.chance(CANCEL_ON_CHARGE)) return { kind: 'cancel', client };
  const calm = sub.status === 'active' && sub.failNext === 0;
  let threshold = perDay(monthlyRates.failingCharge);
  if (roll < threshold)
    return calm ? { kind: 'fail', client, charges: random.chance(HALTING_SHARE) ? RETRIES + 1 : random.int(1, RETRIES) } : null;
  threshold += perDay(monthlyRates.cancel);
  if (roll < threshold) return cancellable ? { kind: 'cancel', client } : null;
  threshold += perDay(monthlyRates.pause);
  if (roll < threshold && calm && !sub.cancelAt)
    return { kind: 'pause', client, resumeDay: day + random.int(PAUSE_DAYS.min, PAUSE_DAYS.max) };
  return null;
}

/** Applies an action to the model at `now`; answers the cancel's outcome as our rules give it. */
export function applyToModel(sub: ModelSubscription, action: Action, state: ScenarioState, now: Date): CancellationOutcome | null {
  switch (action.kind) {
    case 'fail':
      failNextCharges(sub, action.charges);
      return null;
    case 'cancel':
      return cancel(sub, now);
    case 'pause':
      state.resumeDay.set(sub.client, action.resumeDay);
      pause(sub);
      return null;
    case 'resume':
      resume(sub, now);
      return null;
  }
}
