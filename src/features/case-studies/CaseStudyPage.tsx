import { useParams } from 'react-router';
import styled from 'styled-components';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Container, Section } from '../../ui/layout';
import { ButtonLink } from '../../ui/Button';
import { CtaBanner } from '../../ui/CtaBanner';
import { media } from '../../ui/theme';
import { findCaseStudy, type CaseStudy } from '../../content/caseStudies';
import { caseStudyDetails } from '../../content/caseStudyDetails';
import { CaseStudyDetailsView } from './CaseStudyDetailsView';

export function CaseStudyPage() {
  const { slug } = useParams();
  const study = findCaseStudy(slug);
  return study ? <CaseStudyArticle study={study} /> : <CaseStudyNotFound />;
}

function CaseStudyArticle({ study }: { study: CaseStudy }) {
  const details = caseStudyDetails[study.slug];
  return (
    <>
      <Header>
        <Container>
          <Back to="/case-studies">
            <ArrowLeft aria-hidden="true" size={18} /> All case studies
          </Back>
          <HeaderLayout>
            <div>
              <Category>{study.category}</Category>
              <h1>{study.title}</h1>
              <Client>{study.client}</Client>
              <Tags aria-label="Tags">
                {study.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </Tags>
            </div>
            <Cover src={study.image} alt="" width={640} height={400} fetchPriority="high" />
          </HeaderLayout>
        </Container>
      </Header>
      <Section>
        <Container $narrow>
          {details ? (
            <CaseStudyDetailsView details={details} />
          ) : (
            <Overview aria-labelledby="overview-title">
              <h2 id="overview-title">Project overview</h2>
              <p>{study.description}</p>
              <Headline>
                <span>Headline result</span>
                <strong>{study.metric}</strong>
              </Headline>
              <p>
                The full write-up of this project is on its way. Want the details, or a similar result for your business? Our team will walk
                you through it.
              </p>
            </Overview>
          )}
        </Container>
      </Section>
      <CtaBanner
        title="Want results like these?"
        text="Get a personalised growth plan with costs and projected results in about three minutes."
      >
        <ButtonLink to="/get-started" $variant="light" $size="lg">
          Get my free growth plan <ArrowRight aria-hidden="true" size={18} />
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

/**
 * Also prerendered at a slug no study has (`caseStudyNotFoundPath`): the server answers every unknown slug with that
 * file and status 404, so this page hydrates as served (docs/decisions/187-an-unknown-case-study-is-its-own-404-page.md).
 */
function CaseStudyNotFound() {
  return (
    <Section>
      <Container $narrow>
        <Missing>
          <h1>Case Study Not Found</h1>
          <p>We couldn&apos;t find the case study you&apos;re looking for.</p>
          <ButtonLink to="/case-studies">
            <ArrowLeft aria-hidden="true" size={18} /> Back to case studies
          </ButtonLink>
        </Missing>
      </Container>
    </Section>
  );
}

const Header = styled.div`
  padding: ${({ theme }) => theme.space(10)} 0 ${({ theme }) => theme.space(14)};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
    margin-top: ${({ theme }) => theme.space(4)};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['4xl']};
    }
  }
`;

const Back = styled(ButtonLink).attrs({ $variant: 'ghost' as const })`
  margin-left: -${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const HeaderLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  align-items: center;
  ${media.lg} {
    grid-template-columns: 1.1fr 1fr;
    gap: ${({ theme }) => theme.space(12)};
  }
`;

const Category = styled.span`
  display: inline-block;
  padding: 0.25rem 0.8rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandDark};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
`;

const Client = styled.p`
  margin-top: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
`;

const Tags = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(5)};
  li {
    padding: 0.25rem 0.75rem;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.color.line};
    background: ${({ theme }) => theme.color.surface};
    font-size: ${({ theme }) => theme.size.sm};
  }
`;

const Cover = styled.img`
  width: 100%;
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`;

const Overview = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  h2 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.md};
  }
`;

const Headline = styled.p`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.successSoft};
  span {
    font-size: ${({ theme }) => theme.size.sm};
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.success};
  }
  strong {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size.xl};
    color: ${({ theme }) => theme.color.ink};
  }
`;

const Missing = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(10)} 0;
  text-align: center;
  p {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.md};
  }
`;
