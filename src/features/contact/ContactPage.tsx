import styled from 'styled-components';
import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { usePageMeta } from '../../ui/usePageMeta';
import { PageHero } from '../../ui/PageHero';
import { Container, Section } from '../../ui/layout';
import { IconCard, IconCardList } from '../../ui/IconCard';
import { ButtonAnchor } from '../../ui/Button';
import { media } from '../../ui/theme';
import { brand } from '../../content/brand';

export function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Talk to GrowthPath about growing your business: call, email or WhatsApp us, Mon-Fri 9AM-6PM EST. We reply within 24 hours.',
  );
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Let’s talk about your growth"
        lead="Questions about a plan, a custom Scale Up package or your account? Send us a message and we will reply within 24 hours."
      />
      <Section aria-label="Ways to reach us">
        <Container>
          <Layout>
            <FormArea aria-labelledby="message-title">
              <h2 id="message-title">Send us a message</h2>
              <p>
                The fastest way to reach us today is WhatsApp or a call. We read every message and reply within 24
                hours.
              </p>
              <ButtonAnchor href={brand.whatsappHref} target="_blank" rel="noopener noreferrer" $size="lg">
                <MessageCircle aria-hidden="true" size={20} /> Chat on WhatsApp
              </ButtonAnchor>
            </FormArea>
            <IconCardList>
              <IconCard icon={Phone} title="Call us">
                <a href={brand.phoneHref}>{brand.phoneDisplay}</a>
              </IconCard>
              <IconCard icon={Mail} title="Email us">
                <a href={`mailto:${brand.email}`}>{brand.email}</a>
              </IconCard>
              <IconCard icon={MapPin} title="Visit us">
                {brand.location}
              </IconCard>
              <IconCard icon={Clock} title="Business hours">
                {brand.businessHours}
                <br />
                {brand.replyPromise}.
              </IconCard>
            </IconCardList>
          </Layout>
        </Container>
      </Section>
    </>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: start;
  ${media.lg} { grid-template-columns: 1.2fr 1fr; }
`;

const FormArea = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  justify-items: start;
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h2 { font-size: ${({ theme }) => theme.size['2xl']}; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;
