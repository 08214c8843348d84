/**
 * `npm run billing:setup-plans`: one Razorpay Plan per plan sold online, made once and stored in `billing_plans`
 * (docs/decisions/180-monthly-billing.md). Safe to run again: stored Plans are kept, Plans already at Razorpay are found
 * by their notes, and only a changed monthly fee makes a new Plan. With no Razorpay keys it sets up the sandbox's.
 */
import { setupBillingPlans } from '../server/billing/setupPlans';
import { createRazorpaySubscriptions } from '../server/billing/razorpaySubscriptions';
import { createSandboxBilling } from '../server/billing/sandboxSubscriptions';
import { loadConfig, withEmbeddedAuth } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createLogger } from '../server/logger';
import { createSandboxGateway } from '../server/payments/sandboxGateway';

async function main(): Promise<number> {
  const config = loadConfig(withEmbeddedAuth(process.env));
  const logger = createLogger({ level: 'warn' });
  const database = await openDatabase(config, logger);
  try {
    await runMigrations(database);
    const gateway = config.razorpay
      ? createRazorpaySubscriptions({
          ...config.razorpay,
          timeoutMs: config.payments.gatewayTimeoutMs,
          apiBaseUrl: config.payments.razorpayApiUrl,
        })
      : createSandboxBilling({
          db: database.db,
          payments: createSandboxGateway({ db: database.db }),
          logger,
          // Making Plans sends no events.
          deliver: async () => undefined,
        }).gateway;
    const results = await setupBillingPlans({ db: database.db, gateway, logger });
    process.stdout.write(`Billing plans on the ${gateway.mode === 'live' ? 'Razorpay' : 'sandbox'} gateway:\n`);
    for (const { plan, gatewayPlanId, monthlyPaise, outcome } of results) {
      process.stdout.write(`  ${plan.padEnd(14)} ₹${(monthlyPaise / 100).toLocaleString('en-IN')}/month  ${gatewayPlanId}  (${outcome})\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`billing:setup-plans failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
