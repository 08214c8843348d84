import styled from 'styled-components';
import { ArrowRight, CircleCheck, Sparkles } from 'lucide-react';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/layout';
import { media } from '../../ui/theme';

/**
 * The image is the first screen's largest paint: the page's code starts loading once the browser reports it on the
 * screen (Element Timing; src/app/prerender/appStart.ts), so the code never delays it.
 */
const firstScreen = { elementtiming: 'home-hero-image' };

const promises = ['No annual lock-in', 'Flat monthly fee', 'Live client dashboard'];

export function Hero() {
  return (
    <Band>
      <Container>
        <Layout>
          <Copy>
            <Badge>
              <Sparkles aria-hidden="true" size={16} /> Growth plans for Indian small businesses
            </Badge>
            <h1>
              Your whole digital growth team, <Highlight>one simple monthly plan</Highlight>
            </h1>
            <Lead>
              Website, branding, local SEO, ads, social media and AI agents, run by one team for a fixed monthly fee, with every lead and
              result on your dashboard.
            </Lead>
            <Actions>
              <ButtonLink to="/signin" $size="lg">
                Get Started <ArrowRight aria-hidden="true" size={18} />
              </ButtonLink>
              <ButtonLink to="/get-started" $variant="secondary" $size="lg">
                Get my free growth plan
              </ButtonLink>
            </Actions>
            <Promises>
              {promises.map((promise) => (
                <li key={promise}>
                  <CircleCheck aria-hidden="true" size={18} /> {promise}
                </li>
              ))}
            </Promises>
          </Copy>
          <Art>
            <img
              src="/images/hero-dashboard.svg"
              alt="A client dashboard showing leads up 38% and a rising growth chart"
              width={560}
              height={460}
              fetchPriority="high"
              {...firstScreen}
            />
          </Art>
        </Layout>
      </Container>
    </Band>
  );
}

const Band = styled.div`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => theme.space(12)} 0 ${({ theme }) => theme.space(14)};
  background:
    radial-gradient(50rem 30rem at 100% 0%, rgba(29, 78, 216, 0.14), transparent 70%),
    radial-gradient(36rem 24rem at 0% 100%, rgba(249, 115, 22, 0.1), transparent 70%), linear-gradient(180deg, #f8fafc, #ffffff);
  ${media.lg} {
    padding: ${({ theme }) => theme.space(20)} 0 ${({ theme }) => theme.space(24)};
  }
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: center;
  ${media.lg} {
    grid-template-columns: 1.1fr 1fr;
    gap: ${({ theme }) => theme.space(12)};
  }
`;

const Copy = styled.div`
  h1 {
    margin-top: ${({ theme }) => theme.space(5)};
    font-size: 2.25rem;
    line-height: 1.1;
    letter-spacing: -0.03em;
    ${media.md} {
      font-size: 3.25rem;
    }
    ${media.lg} {
      font-size: ${({ theme }) => theme.size['5xl']};
    }
  }
`;

const Badge = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0.35rem 0.9rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentInk};
  border: 1px solid #fed7aa;
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
`;

const Highlight = styled.span`
  background: linear-gradient(90deg, #1d4ed8, #7c3aed);
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space(5)};
  max-width: 36rem;
  font-size: ${({ theme }) => theme.size.md};
  color: ${({ theme }) => theme.color.muted};
  ${media.md} {
    font-size: ${({ theme }) => theme.size.lg};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(8)};
  a {
    flex: 1 1 auto;
  }
  ${media.sm} {
    a {
      flex: 0 0 auto;
    }
  }
`;

const Promises = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  margin-top: ${({ theme }) => theme.space(8)};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  svg {
    color: ${({ theme }) => theme.color.success};
  }
`;

const Art = styled.div`
  img {
    width: 100%;
    max-width: 560px;
    margin: 0 auto;
    filter: drop-shadow(0 30px 40px rgba(15, 23, 42, 0.12));
  }
`;
