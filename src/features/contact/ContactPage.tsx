import styled from 'styled-components';
import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { PageHero } from '../../ui/PageHero';
import { Container, Section } from '../../ui/layout';
import { ContactForm } from './ContactForm';
import { ContactActor, liveContactMachine } from './contactActor';
import { media } from '../../ui/theme';
import { brand } from '../../content/brand';

export function ContactPage() {
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
              <p>Tell us about your business and what you would like to grow. We reply within 24 hours.</p>
              <ContactActor.Provider logic={liveContactMachine}>
                <ContactForm />
              </ContactActor.Provider>
            </FormArea>
            <Methods aria-label="Contact details">
              <Method>
                <MessageCircle aria-hidden="true" size={22} />
                <div>
                  <h3>WhatsApp</h3>
                  <a href={brand.whatsappHref} target="_blank" rel="noopener noreferrer">
                    Chat with us on WhatsApp
                  </a>
                </div>
              </Method>
              <Method>
                <Phone aria-hidden="true" size={22} />
                <div>
                  <h3>Call us</h3>
                  <a href={brand.phoneHref}>{brand.phoneDisplay}</a>
                </div>
              </Method>
              <Method>
                <Mail aria-hidden="true" size={22} />
                <div>
                  <h3>Email us</h3>
                  <a href={`mailto:${brand.email}`}>{brand.email}</a>
                </div>
              </Method>
              <Method>
                <MapPin aria-hidden="true" size={22} />
                <div>
                  <h3>Visit us</h3>
                  <p>{brand.location}</p>
                </div>
              </Method>
              <Method>
                <Clock aria-hidden="true" size={22} />
                <div>
                  <h3>Business hours</h3>
                  <p>{brand.businessHours}</p>
                  <p>{brand.replyPromise}.</p>
                </div>
              </Method>
            </Methods>
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
  ${media.lg} {
    grid-template-columns: 1.2fr 1fr;
  }
`;

const FormArea = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h2 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  /* The introduction only: the form's own paragraphs (field errors, the error summary's title) keep their colours. */
  & > p {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Methods = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Method = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.line};
  > svg {
    flex: none;
    box-sizing: content-box;
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brand};
  }
  h3 {
    font-size: ${({ theme }) => theme.size.base};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
  }
  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;
