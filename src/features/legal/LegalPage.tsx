import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { PageHero } from '../../ui/PageHero';
import { Container, Section } from '../../ui/layout';
import { media } from '../../ui/theme';
import { findLegalDocument, legalDocuments, type LegalDocument } from '../../content/legal';

/** The router mounts this only at /legal/{slug} for the four known documents. */
export function LegalPage() {
  const slug = useLocation().pathname.split('/').pop();
  const doc = findLegalDocument(slug) ?? legalDocuments[0]!;
  return <LegalDocumentView doc={doc} />;
}

function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <PageHero eyebrow="Legal" title={doc.title} lead={doc.summary} />
      <Section>
        <Container>
          <Layout>
            <OtherDocs aria-label="Legal documents">
              <ul>
                {legalDocuments.map((other) => (
                  <li key={other.slug}>
                    <Link to={`/legal/${other.slug}`} aria-current={other.slug === doc.slug ? 'page' : undefined}>
                      {other.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </OtherDocs>
            <Prose>
              <Updated>Last updated: {doc.updated}</Updated>
              {doc.sections.map((section) => (
                <section key={section.heading}>
                  <h2>{section.heading}</h2>
                  {section.paragraphs?.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {section.list && (
                    <ul>
                      {section.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </Prose>
          </Layout>
        </Container>
      </Section>
    </>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  ${media.lg} {
    grid-template-columns: 240px 1fr;
    gap: ${({ theme }) => theme.space(16)};
  }
`;

const OtherDocs = styled.nav`
  ul {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
  ${media.lg} {
    ul {
      flex-direction: column;
      position: sticky;
      top: 6rem;
    }
  }
  a {
    display: block;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.sm};
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
    font-weight: 600;
    font-size: ${({ theme }) => theme.size.sm};
  }
  a:hover {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brandDark};
  }
`;

const Prose = styled.article`
  max-width: ${({ theme }) => theme.width.prose};
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  section {
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
  }
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
  p,
  li {
    color: ${({ theme }) => theme.color.text};
  }
  ul {
    padding-left: ${({ theme }) => theme.space(6)};
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Updated = styled.p`
  && {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.sm};
  }
`;
