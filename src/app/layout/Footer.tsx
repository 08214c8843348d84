import { Link } from 'react-router';
import styled from 'styled-components';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { BrandMark } from '../../ui/BrandMark';
import { SocialIcon } from '../../ui/SocialIcon';
import { media } from '../../ui/theme';
import { brand } from '../../content/brand';
import { ChatLauncher } from '../../features/chat/ChatLauncher';

const columns = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/case-studies', label: 'Case Studies' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Get started',
    links: [
      { to: '/get-started', label: 'Free growth plan' },
      { to: '/apps', label: 'Apps & Solutions' },
      { to: '/help', label: 'Help Center' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/legal/terms', label: 'Terms of Service' },
      { to: '/legal/privacy', label: 'Privacy Policy' },
      { to: '/legal/shipping', label: 'Shipping & Delivery' },
      { to: '/legal/refunds', label: 'Cancellation & Refunds' },
    ],
  },
] as const;

export function Footer() {
  return (
    <Root>
      <Inner>
        <About>
          <Link to="/" aria-label="GrowthPath home">
            <BrandMark tone="light" />
          </Link>
          <p>{brand.tagline}: websites, local SEO, ads, social media, CRM and AI agents for Indian small businesses.</p>
          <Social aria-label="Social media">
            {brand.social.map((network) => (
              <a key={network.name} href={network.href} aria-label={`${brand.name} on ${network.name}`}>
                <SocialIcon name={network.name} />
              </a>
            ))}
          </Social>
        </About>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <ColumnTitle>{column.title}</ColumnTitle>
            <LinkList>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </LinkList>
          </nav>
        ))}
        {/* The chat assistant's home: its launcher, then the direct lines. */}
        <TalkToUs aria-label="Talk to us">
          <ColumnTitle>Talk to us</ColumnTitle>
          <AssistantLauncher />
          <LinkList>
            <li>
              <a href={brand.whatsappHref} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden="true" size={16} /> WhatsApp chat
              </a>
            </li>
            <li>
              <a href={brand.phoneHref}>
                <Phone aria-hidden="true" size={16} /> {brand.phoneDisplay}
              </a>
            </li>
            <li>
              <a href={`mailto:${brand.email}`}>
                <Mail aria-hidden="true" size={16} /> {brand.email}
              </a>
            </li>
          </LinkList>
          <Hours>{brand.businessHours}</Hours>
        </TalkToUs>
      </Inner>
      <Bottom>
        <p>
          © {new Date().getFullYear()} {brand.legalName}. All prices in Indian rupees.
        </p>
      </Bottom>
    </Root>
  );
}

const Root = styled.footer`
  background: ${({ theme }) => theme.color.night};
  color: ${({ theme }) => theme.color.nightText};
  a {
    color: ${({ theme }) => theme.color.nightText};
    text-decoration: none;
  }
  a:hover {
    color: #fff;
    text-decoration: underline;
  }
`;

/**
 * Below the first screen on every page: its contents are laid out when they come near, like the pages' later
 * sections (decision 164). The footer itself is drawn, and the estimated height covers the contents (949-1,016 px in
 * one column, 333-343 px in five), so its dark background is behind all its text even before then.
 */
const Inner = styled.div`
  content-visibility: auto;
  contain-intrinsic-size: auto 1040px;
  ${media.lg} {
    contain-intrinsic-size: auto 360px;
  }
  max-width: ${({ theme }) => theme.width.page};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(16)} ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(10)};
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  grid-template-columns: 1fr 1fr;
  ${media.md} {
    padding-left: ${({ theme }) => theme.space(8)};
    padding-right: ${({ theme }) => theme.space(8)};
  }
  ${media.lg} {
    grid-template-columns: 1.6fr 1fr 1fr 1fr 1.3fr;
  }
`;

const About = styled.div`
  grid-column: 1 / -1;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-content: start;
  p {
    max-width: 22rem;
    font-size: ${({ theme }) => theme.size.sm};
  }
  ${media.lg} {
    grid-column: auto;
  }
`;

const Social = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  a {
    display: grid;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.08);
  }
  a:hover {
    background: ${({ theme }) => theme.color.brand};
  }
`;

const ColumnTitle = styled.h2`
  font-size: ${({ theme }) => theme.size.sm};
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: #fff;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const LinkList = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.size.sm};
  a {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
  }
`;

const TalkToUs = styled.section`
  grid-column: 1 / -1;
  ${media.lg} {
    grid-column: auto;
  }
`;

const AssistantLauncher = styled(ChatLauncher)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Hours = styled.p`
  margin-top: ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.size.xs};
`;

const Bottom = styled.div`
  border-top: 1px solid rgba(255, 255, 255, 0.1);
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
  text-align: center;
  font-size: ${({ theme }) => theme.size.xs};
`;
