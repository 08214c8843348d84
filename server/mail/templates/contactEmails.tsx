import { Link, Text } from '@react-email/components';
import { Layout, paragraph } from './Layout';

export interface ContactFacts {
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

/** To the person who sent the contact form: it arrived, and when to expect an answer. */
export function ContactReceived({ name }: Pick<ContactFacts, 'name'>) {
  return (
    <Layout preview="We have your message and will reply within 24 hours.">
      <Text style={paragraph}>Hello {name},</Text>
      <Text style={paragraph}>
        Thank you for writing to GrowthPath. We have your message, and someone from our team will reply within 24 hours.
      </Text>
      <Text style={paragraph}>If it is urgent, reply to this email and we will see it first thing.</Text>
      <Text style={paragraph}>— The GrowthPath team</Text>
    </Layout>
  );
}

/** To staff: a new contact message, with its essentials and the way to it in the inbox. */
export function StaffContactLead({ lead, inboxUrl }: { lead: ContactFacts; inboxUrl: string }) {
  return (
    <Layout preview={`${lead.name} wrote through the contact form.`}>
      <Text style={paragraph}>
        <strong>{lead.name}</strong> ({lead.email}
        {lead.phone ? `, ${lead.phone}` : ''}) wrote through the contact form:
      </Text>
      <Text style={{ ...paragraph, whiteSpace: 'pre-wrap', borderLeft: '3px solid #1d4ed8', paddingLeft: 12 }}>{lead.message}</Text>
      <Text style={paragraph}>
        <Link href={inboxUrl}>Open it in the staff inbox</Link>
      </Text>
    </Layout>
  );
}
