/**
 * `npm run billing:advance -- 1 month` (or `10 days`, `6 hours`): moves the sandbox billing's clock on, on the server
 * `npm start` runs, which then charges every subscription that fell due and sends the events Razorpay would
 * (docs/decisions/180-monthly-billing.md, "The sandbox"). Sandbox only: a server on Razorpay has no such clock.
 */
const usage = 'Usage: npm run billing:advance -- <number> <months|days|hours>   (for example: 1 month)';
const units = { month: 'months', months: 'months', day: 'days', days: 'days', hour: 'hours', hours: 'hours' } as const;

async function main(): Promise<number> {
  const [amount, unit] = process.argv.slice(2);
  const count = Number(amount);
  const field = unit ? units[unit.toLowerCase() as keyof typeof units] : undefined;
  if (!Number.isInteger(count) || count <= 0 || !field) {
    process.stderr.write(`${usage}\n`);
    return 64;
  }
  const url = `http://127.0.0.1:${process.env.PORT ?? '8080'}/api/sandbox/billing/advance`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [field]: count }),
  }).catch(() => null);
  if (!response) {
    process.stderr.write(`No server at ${url}. Start the site with \`npm start\` first (PORT selects another port).\n`);
    return 1;
  }
  const body = (await response.json().catch(() => null)) as {
    now?: string;
    charged?: number;
    failed?: number;
    error?: { message?: string };
  } | null;
  if (response.status === 404) {
    process.stderr.write('That server takes real payments (Razorpay keys are set): it has no sandbox clock to move.\n');
    return 1;
  }
  if (!response.ok || !body?.now) {
    process.stderr.write(`The server refused: ${body?.error?.message ?? response.status}\n`);
    return 1;
  }
  process.stdout.write(`Sandbox clock now ${body.now}: ${body.charged} charge(s) taken, ${body.failed} failed.\n`);
  return 0;
}

main().then((code) => process.exit(code));
