import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { brand } from '../../../src/content/brand';

const brandColour = '#1d4ed8';

/**
 * One layout for every email: text only (no remote images, no trackers), a single column that reads the same in
 * Gmail, Outlook and a phone's mail app, the preview line inbox lists show, and the agency's address at the foot.
 */
export function Layout({ lang = 'en', preview, children }: { lang?: 'en' | 'hi'; preview: string; children: ReactNode }) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f6fb', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: '28px 24px' }}>
          <Text style={{ color: brandColour, fontSize: 20, fontWeight: 700, margin: '0 0 16px' }}>GrowthPath</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: 0 }}>
            {brand.legalName} · {brand.location} · {brand.email}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#111827', fontSize: 15, lineHeight: '24px', margin: '0 0 12px' } as const;
