import { Text } from '@react-email/components';
import type { MailWords } from '../words';
import { ActionButton, Layout, Paragraphs, note, paragraph } from './Layout';

/**
 * To prospects, whose address nobody has confirmed: fixed words, a name only when it is letters alone
 * (server/mail/leadText.ts), and no attachment, so the forms cannot make the agency mail a stranger's text (decision 188).
 */

/** To the person who sent the contact form (in English: the form asks no language): it arrived, and when to expect an answer. */
export function ContactReceived({ name }: { name: string | null }) {
  return (
    <Layout preview="We have your message and will reply within 24 hours.">
      <Text style={paragraph}>{name ? `Hello ${name},` : 'Hello,'}</Text>
      <Paragraphs
        lines={[
          'Thank you for writing to GrowthPath. We have your message, and someone from our team will reply within 24 hours.',
          'If it is urgent, reply to this email and we will see it first thing.',
          '— The GrowthPath team',
        ]}
      />
    </Layout>
  );
}

/** To the prospect who finished the quiz, in its language: the plan we recommend, and a link to have the report emailed. */
export function QuizReceived({ words, name, plan, reportUrl }: { words: MailWords; name: string | null; plan: string; reportUrl: string }) {
  return (
    <Layout lang={words.lang} preview={words.quizReceived.preview}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Paragraphs lines={words.quizReceived.body(plan)} />
      <ActionButton href={reportUrl}>{words.quizReceived.button}</ActionButton>
      <Text style={note}>{words.quizReceived.linkNote}</Text>
      <Paragraphs lines={[words.quizReceived.followUp, words.signOff]} />
    </Layout>
  );
}

/** The report PDF the owner of the address asked for; the PDF is attached. */
export function QuizReport({ words, name }: { words: MailWords; name: string | null }) {
  return (
    <Layout lang={words.lang} preview={words.quizReport.preview}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Paragraphs lines={words.quizReport.body} />
      {/* Not italic: Devanagari has no italic, and a slanted one reads badly. */}
      <Text style={note}>{words.quizReport.attached}</Text>
      <Text style={paragraph}>{words.signOff}</Text>
    </Layout>
  );
}
