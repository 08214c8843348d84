import styled from 'styled-components';
import type { CaseStudyDetails } from '../../content/caseStudyDetails';
import { media } from '../../ui/theme';

/** Challenge, solution, key results and conclusion of a case study that has its full write-up. */
export function CaseStudyDetailsView({ details }: { details: CaseStudyDetails }) {
  return (
    <Body>
      <section aria-labelledby="challenge-title">
        <h2 id="challenge-title">The challenge</h2>
        <p>{details.challenge}</p>
      </section>
      <section aria-labelledby="solution-title">
        <h2 id="solution-title">Our solution</h2>
        {details.solution.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="results-title">
        <h2 id="results-title">Key results</h2>
        <Results>
          {details.results.map((result) => (
            <li key={result.title}>
              <Value>{result.value}</Value>
              <h3>{result.title}</h3>
              <p>{result.description}</p>
            </li>
          ))}
        </Results>
      </section>
      <section aria-labelledby="conclusion-title">
        <h2 id="conclusion-title">Conclusion</h2>
        <p>{details.conclusion}</p>
      </section>
    </Body>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(12)};
  section {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
  }
  h2 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  p {
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.size.md};
  }
`;

const Results = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  ${media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  li {
    padding: ${({ theme }) => theme.space(6)};
    border-radius: ${({ theme }) => theme.radius.lg};
    background: ${({ theme }) => theme.color.brandSoft};
  }
  h3 {
    font-size: ${({ theme }) => theme.size.base};
    margin-top: ${({ theme }) => theme.space(1)};
  }
  && p {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Value = styled.strong`
  display: block;
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.size['3xl']};
  font-weight: 800;
  color: ${({ theme }) => theme.color.brandDark};
  line-height: 1.1;
`;
