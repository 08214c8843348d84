import { Link, Text } from '@react-email/components';
import { ActionButton, Facts, Layout, Quote, bulletLine, link, note, paragraph } from './Layout';

export interface StaffNoticeProps {
  /** One line: what happened. */
  headline: string;
  facts: readonly (readonly [string, string])[];
  /** A message or need in the lead's own words. */
  quote?: string | null;
  link: string;
}

/** To staff: one event, its essentials, and the way to it in the inbox. */
export function StaffNotice({ headline, facts, quote, link: href }: StaffNoticeProps) {
  return (
    <Layout preview={headline}>
      <Text style={{ ...paragraph, fontWeight: 700 }}>{headline}</Text>
      <Facts rows={facts} />
      {quote ? <Quote text={quote} /> : null}
      <ActionButton href={href}>Open it in the staff inbox</ActionButton>
    </Layout>
  );
}

/** To staff in a burst: the events held since the last digest, each with its link. */
export function StaffDigest({ notices, burst }: { notices: readonly { subject: string; link: string }[]; burst: number }) {
  const count = `${notices.length} more ${notices.length === 1 ? 'event' : 'events'} since the last email`;
  return (
    <Layout preview={`${count}.`}>
      <Text style={{ ...paragraph, fontWeight: 700 }}>{count}:</Text>
      {notices.map((notice, index) => (
        <Text key={index} style={{ ...bulletLine, margin: '0 0 8px' }}>
          •{' '}
          <Link href={notice.link} style={link}>
            {notice.subject}
          </Link>
        </Text>
      ))}
      <Text style={{ ...note, margin: '16px 0 0' }}>
        More than {burst} events arrived within a minute, so the rest come together in digests like this one, at most two a minute, instead
        of one email each.
      </Text>
    </Layout>
  );
}
