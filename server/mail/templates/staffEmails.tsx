import { Link, Text } from '@react-email/components';
import { Facts, Layout, paragraph } from './Layout';

export interface StaffNoticeProps {
  /** One line: what happened. */
  headline: string;
  facts: readonly (readonly [string, string])[];
  /** A message or need in the lead's own words. */
  quote?: string | null;
  link: string;
}

/** To staff: one event, its essentials, and the way to it in the inbox. */
export function StaffNotice({ headline, facts, quote, link }: StaffNoticeProps) {
  return (
    <Layout preview={headline}>
      <Text style={{ ...paragraph, fontWeight: 700 }}>{headline}</Text>
      <Facts rows={facts} />
      {quote ? (
        <Text style={{ ...paragraph, whiteSpace: 'pre-wrap', borderLeft: '3px solid #1d4ed8', paddingLeft: 12 }}>{quote}</Text>
      ) : null}
      <Text style={paragraph}>
        <Link href={link}>Open it in the staff inbox</Link>
      </Text>
    </Layout>
  );
}

/** To staff in a burst: the events held since the last digest, each with its link. */
export function StaffDigest({ notices, burst }: { notices: readonly { subject: string; link: string }[]; burst: number }) {
  return (
    <Layout preview={`${notices.length} more events since the last email.`}>
      <Text style={paragraph}>
        More than {burst} events arrived within a minute, so the rest come together in digests like this one, at most two a minute, instead
        of one email each.
      </Text>
      {notices.map((notice, index) => (
        <Text key={index} style={{ ...paragraph, margin: '0 0 8px' }}>
          • <Link href={notice.link}>{notice.subject}</Link>
        </Text>
      ))}
    </Layout>
  );
}
