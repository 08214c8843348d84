import { useState } from 'react';
import styled, { css } from 'styled-components';
import { PageHero } from '../../ui/PageHero';
import { Container, Section } from '../../ui/layout';
import { FilterChips } from '../../ui/FilterChips';
import { CaseStudyCard } from '../../ui/CaseStudyCard';
import { media } from '../../ui/theme';
import { caseStudies } from '../../content/caseStudies';
import { serviceTitles } from '../../content/services';

const ALL = 'All';
const filters = [ALL, ...serviceTitles];

export function CaseStudiesPage() {
  const [filter, setFilter] = useState<string>(ALL);
  const shown = filter === ALL ? caseStudies : caseStudies.filter((study) => study.category === filter);

  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title="Real businesses, measurable growth"
        lead="A look at the problems our clients brought us, what we built and what changed."
      />
      <Section aria-label="Case study list">
        <Container>
          <FilterChips label="Filter case studies by service" options={filters} selected={filter} onSelect={setFilter} />
          <Count role="status">
            {shown.length === 1 ? '1 case study' : `${shown.length} case studies`}
            {filter === ALL ? '' : ` in ${filter}`}
          </Count>
          <Grid>
            {shown.map((study, index) => (
              <CaseStudyCard key={study.slug} study={study} headingLevel="h2" onFirstScreen={index === 0} />
            ))}
          </Grid>
        </Container>
      </Section>
    </>
  );
}

const Count = styled.p`
  margin: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
`;

/** A card alone on the grid's last row spans it, cover beside text, instead of leaving the row two-thirds empty. */
const wideCard = css`
  grid-column: 1 / -1;
  flex-direction: row;
  & > img {
    flex: 0 0 40%;
    width: 40%;
    height: auto;
    aspect-ratio: auto;
  }
`;

const narrowCard = css`
  grid-column: auto;
  flex-direction: column;
  & > img {
    flex: none;
    width: 100%;
    aspect-ratio: 8 / 5;
  }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
    & > :last-child:nth-child(2n + 1) {
      ${wideCard}
    }
  }
  ${media.lg} {
    grid-template-columns: repeat(3, 1fr);
    & > :last-child:nth-child(2n + 1) {
      ${narrowCard}
    }
    & > :last-child:nth-child(3n + 1) {
      ${wideCard}
    }
  }
`;
