import styled from 'styled-components';
import { MessageSquare, Phone } from 'lucide-react';
import { PageHero } from '../../ui/PageHero';
import { Container, Section } from '../../ui/layout';
import { Accordion } from '../../ui/Accordion';
import { ButtonAnchor, ButtonLink } from '../../ui/Button';
import { helpFaqs } from '../../content/helpFaqs';
import { brand } from '../../content/brand';

export function HelpPage() {
  return (
    <>
      <PageHero
        eyebrow="Help Center"
        title="How can we help?"
        lead="Quick answers about our growth plans. Can't find what you need? Our team is a message or a call away."
      />
      <Section aria-labelledby="help-faq-title">
        <Container $narrow>
          <h2 id="help-faq-title" className="visually-hidden">
            Frequently asked questions
          </h2>
          <Accordion items={helpFaqs} />
          <Support aria-labelledby="support-title">
            <h2 id="support-title">Still have questions?</h2>
            <p>Our support team replies within 24 hours, {brand.businessHours}.</p>
            <Actions>
              <ButtonLink to="/contact">
                <MessageSquare aria-hidden="true" size={18} /> Contact Support
              </ButtonLink>
              <ButtonAnchor href={brand.phoneHref} $variant="secondary">
                <Phone aria-hidden="true" size={18} /> Call us: {brand.phoneDisplay}
              </ButtonAnchor>
            </Actions>
          </Support>
        </Container>
      </Section>
    </>
  );
}

const Support = styled.section`
  margin-top: ${({ theme }) => theme.space(14)};
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.brandSoft};
  text-align: center;
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
  p {
    margin-top: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};
`;
