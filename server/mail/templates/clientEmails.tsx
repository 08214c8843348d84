import { Text } from '@react-email/components';
import type { MailWords } from '../words';
import { ActionButton, Bullets, Facts, Layout, Paragraphs, note, paragraph } from './Layout';

/**
 * What a client hears about their account and billing, each in the language they used. Amounts, dates and plan
 * names arrive formatted (server/mail/compose), so a template only lays them out.
 */

interface Client {
  words: MailWords;
  name: string;
  dashboardUrl: string;
}

/** The dashboard button and the sign-off; `replyHelp` false when the email has already asked for a reply. */
function Closing({ words, dashboardUrl, replyHelp = true }: Pick<Client, 'words' | 'dashboardUrl'> & { replyHelp?: boolean }) {
  return (
    <>
      <ActionButton href={dashboardUrl}>{words.openDashboard}</ActionButton>
      {replyHelp ? <Text style={paragraph}>{words.replyHelp}</Text> : null}
      <Text style={paragraph}>{words.signOff}</Text>
    </>
  );
}

/** `passwordLink` null: Firebase could not make one, so the way is the sign-in page's "Forgot password?". */
export function Welcome({
  words,
  name,
  plan,
  email,
  passwordLink,
  signInUrl,
}: Omit<Client, 'dashboardUrl'> & { plan: string; email: string; passwordLink: string | null; signInUrl: string }) {
  return (
    <Layout lang={words.lang} preview={words.welcome.preview}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Paragraphs lines={words.welcome.body(plan, email)} />
      <ActionButton href={passwordLink ?? signInUrl}>{passwordLink ? words.welcome.button : words.welcome.signIn}</ActionButton>
      <Text style={note}>{passwordLink ? words.welcome.linkNote : words.welcome.viaSignIn}</Text>
      <Text style={paragraph}>{words.replyHelp}</Text>
      <Text style={paragraph}>{words.signOff}</Text>
    </Layout>
  );
}

export interface ReceiptProps extends Client {
  plan: string;
  total: string;
  /** Label and value rows: receipt number, date, who paid, what for, amounts (the total last). */
  rows: readonly (readonly [string, string])[];
  /** The agency, as a GST invoice names it. */
  seller: readonly (readonly [string, string])[];
}

export function Receipt({ words, name, dashboardUrl, plan, total, rows, seller }: ReceiptProps) {
  return (
    <Layout lang={words.lang} preview={words.receipt.preview(total)}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Text style={paragraph}>{words.receipt.intro(plan)}</Text>
      <Text style={{ ...paragraph, fontSize: 17, fontWeight: 700, margin: '8px 0 4px' }}>{words.receipt.title}</Text>
      <Facts rows={rows} strongLast />
      <Facts rows={seller} />
      <Text style={note}>{words.receipt.taxNote}</Text>
      <Closing words={words} dashboardUrl={dashboardUrl} />
    </Layout>
  );
}

export function InvoicePaid({
  words,
  name,
  dashboardUrl,
  plan,
  amount,
  rows,
  nextCharge,
}: Client & { plan: string; amount: string; rows: readonly (readonly [string, string])[]; nextCharge: string | null }) {
  return (
    <Layout lang={words.lang} preview={words.invoicePaid.preview(amount)}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Text style={paragraph}>{words.invoicePaid.intro(amount, plan)}</Text>
      <Facts rows={rows} strongLast />
      {nextCharge ? <Text style={paragraph}>{words.invoicePaid.next(nextCharge)}</Text> : null}
      <Closing words={words} dashboardUrl={dashboardUrl} />
    </Layout>
  );
}

export function ChargeFailed({
  words,
  name,
  dashboardUrl,
  plan,
  amount,
  halted,
}: Client & { plan: string; amount: string; halted: boolean }) {
  return (
    <Layout lang={words.lang} preview={words.chargeFailed.preview}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Text style={paragraph}>{halted ? words.chargeFailed.halted(amount, plan) : words.chargeFailed.retrying(amount, plan)}</Text>
      <Bullets items={words.chargeFailed.whatToDo} />
      <Closing words={words} dashboardUrl={dashboardUrl} replyHelp={false} />
    </Layout>
  );
}

export function Cancelled({
  words,
  name,
  dashboardUrl,
  plan,
  endsOn,
  by,
  lastCharge,
}: Client & { plan: string; endsOn: string; by: 'client' | 'staff'; lastCharge: { on: string; amount: string } | null }) {
  const sentence =
    by === 'staff'
      ? words.cancelled.byStaff(plan, endsOn)
      : lastCharge
        ? words.cancelled.byClientAfterCharge(plan, lastCharge.amount, lastCharge.on, endsOn)
        : words.cancelled.byClient(plan, endsOn);
  return (
    <Layout lang={words.lang} preview={words.cancelled.preview(endsOn)}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Text style={paragraph}>{sentence}</Text>
      <Text style={paragraph}>{by === 'client' ? words.cancelled.afterward : words.cancelled.afterwardByStaff}</Text>
      <Closing words={words} dashboardUrl={dashboardUrl} replyHelp={false} />
    </Layout>
  );
}

export function SubscriptionChanged({ words, name, dashboardUrl, sentence }: Client & { sentence: string }) {
  return (
    <Layout lang={words.lang} preview={sentence}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Text style={paragraph}>{sentence}</Text>
      <Text style={paragraph}>{words.changed.question}</Text>
      <Closing words={words} dashboardUrl={dashboardUrl} replyHelp={false} />
    </Layout>
  );
}
