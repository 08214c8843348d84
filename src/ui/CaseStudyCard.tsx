import { Link } from 'react-router';
import styled from 'styled-components';
import { ArrowRight, TrendingUp } from 'lucide-react';
import type { CaseStudy } from '../content/caseStudies';

/**
 * A case study teaser; the whole card is one link to its detail page. `onFirstScreen`: the card is in the first screen
 * of its page, where its cover is the page's largest paint, so it is fetched at once (lazy loading waits for layout to
 * find it on screen, and it painted after the rest of the page); the other covers wait until they are near. Not
 * `fetchpriority="high"`: it then competes with the page's own scripts and the paint came later.
 */
export function CaseStudyCard({
  study,
  headingLevel = 'h3',
  onFirstScreen = false,
}: {
  study: CaseStudy;
  headingLevel?: 'h2' | 'h3';
  onFirstScreen?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <Card>
      <Cover src={study.image} alt="" width={640} height={400} loading={onFirstScreen ? 'eager' : 'lazy'} decoding="async" />
      <Body>
        <Category>{study.category}</Category>
        <Heading>
          <CardLink to={`/case-studies/${study.slug}`}>{study.title}</CardLink>
        </Heading>
        <p>{study.description}</p>
        <Metric>
          <TrendingUp aria-hidden="true" size={18} />
          {study.metric}
        </Metric>
        <More aria-hidden="true">
          Read case study <ArrowRight size={16} />
        </More>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  transition:
    box-shadow 0.2s ease,
    transform 0.2s ease;
  &:hover {
    box-shadow: ${({ theme }) => theme.shadow.lg};
    transform: translateY(-2px);
  }
  &:focus-within {
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.focus};
  }
`;

const Cover = styled.img`
  width: 100%;
  aspect-ratio: 8 / 5;
  object-fit: cover;
  background: ${({ theme }) => theme.color.brandSoft};
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  flex: 1;
  h2,
  h3 {
    font-size: ${({ theme }) => theme.size.lg};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.sm};
  }
`;

/** The link's ::after covers the card so the whole card is clickable while only the title is announced. */
const CardLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
`;

const Category = styled.span`
  align-self: flex-start;
  padding: 0.2rem 0.7rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandDark};
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 700;
`;

const Metric = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
  && {
    color: ${({ theme }) => theme.color.success};
    font-weight: 700;
    font-size: ${({ theme }) => theme.size.sm};
  }
`;

const More = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.brand};
  font-weight: 700;
  font-size: ${({ theme }) => theme.size.sm};
`;
