import { Text } from '@react-email/components';
import type { MailWords } from '../words';
import { Layout, Paragraphs, note, paragraph } from './Layout';

/** To the person who sent the contact form (in English: the form asks no language): it arrived, and when to expect an answer. */
export function ContactReceived({ name }: { name: string }) {
  return (
    <Layout preview="We have your message and will reply within 24 hours.">
      <Text style={paragraph}>Hello {name},</Text>
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

/** To the prospect who finished the quiz, in its language, with their report attached. */
export function QuizReceived({ words, name, plan }: { words: MailWords; name: string; plan: string }) {
  return (
    <Layout lang={words.lang} preview={words.quizReceived.preview}>
      <Text style={paragraph}>{words.hello(name)}</Text>
      <Paragraphs lines={words.quizReceived.body(plan)} />
      {/* Not italic: Devanagari has no italic, and a slanted one reads badly. */}
      <Text style={note}>{words.quizReceived.attached}</Text>
      <Text style={paragraph}>{words.signOff}</Text>
    </Layout>
  );
}
