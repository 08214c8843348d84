import { Fragment, type ReactNode } from 'react';
import { Body, Button, Column, Container, Head, Hr, Html, Preview, Row, Section, Text } from '@react-email/components';
import { brand } from '../../../src/content/brand';

const brandColour = '#1d4ed8';
const fonts = "Arial, Helvetica, 'Noto Sans Devanagari', 'Nirmala UI', 'Mangal', sans-serif";

/**
 * One layout for every email: text only (no remote images, no trackers), a single column that reads the same in
 * Gmail, Outlook and a phone's mail app, the preview line inbox lists show, and the agency's address at the foot.
 */
export function Layout({ lang = 'en', preview, children }: { lang?: 'en' | 'hi'; preview: string; children: ReactNode }) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f6fb', fontFamily: fonts, margin: 0, padding: '24px 8px' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: '28px 24px' }}>
          <Text style={{ color: brandColour, fontSize: 20, fontWeight: 700, margin: '0 0 16px' }}>GrowthPath</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: 0 }}>
            {brand.legalName}, {brand.location}
            <br />
            {brand.email} · <span style={{ whiteSpace: 'nowrap' }}>{brand.phoneDisplay}</span>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#111827', fontSize: 15, lineHeight: '24px', margin: '0 0 12px' } as const;

/** A smaller aside (how long a link works, what the amounts include). */
export const note = { ...paragraph, color: '#4b5563', fontSize: 13, lineHeight: '20px' } as const;

export const link = { color: brandColour, textDecoration: 'underline' } as const;

/** A "• " line whose wrapped lines stay clear of the bullet (a hanging indent the width of "• "). */
export const bulletLine = { ...paragraph, paddingLeft: 16, textIndent: -10 } as const;

export function Paragraphs({ lines }: { lines: readonly string[] }) {
  return lines.map((line) => (
    <Text key={line} style={paragraph}>
      {line}
    </Text>
  ));
}

/** A list whose wrapped lines stay clear of the bullet; the plain-text part keeps each as "• step". */
export function Bullets({ items }: { items: readonly string[] }) {
  return items.map((item) => (
    <Text key={item} style={bulletLine}>
      • {item}
    </Text>
  ));
}

/** Someone's own words, line breaks kept (as <br>, so the plain-text part keeps them too). */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Text style={{ ...paragraph, borderLeft: `3px solid ${brandColour}`, paddingLeft: 12, wordBreak: 'break-word' }}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: brandColour,
          borderRadius: 8,
          color: '#ffffff',
          fontSize: 15,
          fontWeight: 700,
          lineHeight: '20px',
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/**
 * Label and value rows (a receipt, a lead's details): two columns that stay aligned in every mail app. With
 * `strongLast` the last row is the total: bold, under a rule.
 */
export function Facts({ rows, strongLast = false }: { rows: readonly (readonly [string, string])[]; strongLast?: boolean }) {
  return (
    <Section style={{ border: '1px solid #e5e7eb', borderRadius: 8, margin: '4px 0 16px', padding: '4px 12px' }}>
      {rows.map(([label, value], index) => {
        const strong = strongLast && index === rows.length - 1;
        const cell = { fontSize: 14, lineHeight: '20px', margin: '6px 0', fontWeight: strong ? 700 : 400 } as const;
        const column = { verticalAlign: 'top', ...(strong ? { borderTop: '1px solid #e5e7eb', paddingTop: 4 } : {}) } as const;
        return (
          <Row key={label}>
            <Column style={{ ...column, width: '40%', paddingRight: 8 }}>
              <Text style={{ ...cell, color: strong ? '#111827' : '#6b7280' }}>{label}</Text>
            </Column>
            <Column style={column}>
              <Text style={{ ...cell, color: '#111827', wordBreak: 'break-word' }}>{value}</Text>
            </Column>
          </Row>
        );
      })}
    </Section>
  );
}
