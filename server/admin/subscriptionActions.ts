import {
  subscriptionActionsOf,
  type StaffSubscriptionRow,
  type SubscriptionAction,
  type SubscriptionActionKind,
} from '../../src/domain/admin';
import type { StaffBilling } from '../billing/staff';
import { AppError } from '../http/errors';

/**
 * An account manager's action on a subscription, taken only when the subscription allows it now
 * (src/domain/admin.ts subscriptionActionsOf): anything else is a 409 saying why, before the gateway is asked.
 */

const refusals: Record<Exclude<SubscriptionActionKind, 'decline_request'>, string> = {
  pause: 'Only an active subscription that is not ending, and has no pause scheduled, can be paused.',
  resume: 'Only a paused subscription, or one with a pause scheduled, can be resumed.',
  change_plan: 'Only an active subscription that is not ending can change plan: Razorpay updates active subscriptions only.',
  cancel_at_period_end: 'Only an active subscription without an end date can be cancelled at the end of its period.',
  cancel_now: 'This subscription has ended already: there is nothing to cancel.',
};

export async function actOnSubscription(
  billing: StaffBilling,
  row: StaffSubscriptionRow,
  action: SubscriptionAction,
  staff: { staffUid: string; staffEmail: string | null },
): Promise<void> {
  if (action.kind === 'decline_request') {
    if (!row.requests.some((request) => request.id === action.requestId && request.status === 'open')) {
      throw new AppError(404, 'request_not_found', 'That request is not waiting any more: another member of staff may have answered it.');
    }
  } else if (!subscriptionActionsOf(row).includes(action.kind)) {
    throw new AppError(409, 'action_not_allowed', refusals[action.kind]);
  }
  await billing.act(row, action, { uid: staff.staffUid, email: staff.staffEmail });
}
