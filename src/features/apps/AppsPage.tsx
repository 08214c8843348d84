import styled from 'styled-components';
import { ArrowRight, Bot, Check, MapPin, Rocket, Sparkles, Workflow, type LucideIcon } from 'lucide-react';
import { PageHero } from '../../ui/PageHero';
import { Container, Section } from '../../ui/layout';
import { ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';
import { appSolutions, type AppSolution } from '../../content/apps';

const icons: Record<AppSolution['icon'], LucideIcon> = {
  bot: Bot,
  'map-pin': MapPin,
  workflow: Workflow,
  rocket: Rocket,
  sparkles: Sparkles,
};

export function AppsPage() {
  return (
    <>
      <PageHero
        eyebrow="Apps & Solutions"
        title="Ready-made solutions that start working in days"
        lead="Proven systems we set up and run for you, each included in our growth plans or available on its own."
      />
      <Section aria-label="Solutions">
        <Container>
          <Cards>
            {appSolutions.map((app) => {
              const Icon = icons[app.icon];
              return (
                <AppCard key={app.title}>
                  <Top>
                    <Tile>
                      <Icon aria-hidden="true" size={26} />
                    </Tile>
                    {app.badge && <Badge>{app.badge}</Badge>}
                  </Top>
                  <h2>{app.title}</h2>
                  <p>{app.description}</p>
                  <Highlights>
                    {app.highlights.map((highlight) => (
                      <li key={highlight}>
                        <Check aria-hidden="true" size={16} /> {highlight}
                      </li>
                    ))}
                  </Highlights>
                  <ButtonLink to={app.cta.to} $variant="secondary" aria-label={`${app.cta.label}: ${app.title}`}>
                    {app.cta.label} <ArrowRight aria-hidden="true" size={16} />
                  </ButtonLink>
                </AppCard>
              );
            })}
          </Cards>
        </Container>
      </Section>
    </>
  );
}

/** Flex rather than grid so a short last row sits centred instead of leaving a hole on the right. */
const Cards = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(6)};
  > li {
    flex: 1 1 100%;
  }
  ${media.md} {
    > li {
      flex-basis: calc((100% - ${({ theme }) => theme.space(6)}) / 2);
      flex-grow: 0;
    }
  }
  ${media.lg} {
    > li {
      flex-basis: calc((100% - 2 * ${({ theme }) => theme.space(6)}) / 3);
    }
  }
`;

const AppCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  transition:
    box-shadow 0.2s ease,
    transform 0.2s ease;
  &:hover {
    box-shadow: ${({ theme }) => theme.shadow.lg};
    transform: translateY(-2px);
  }
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
  }
  > a {
    margin-top: auto;
    align-self: flex-start;
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Tile = styled.span`
  display: grid;
  place-items: center;
  width: 3.25rem;
  height: 3.25rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: linear-gradient(135deg, ${({ theme }) => theme.color.brand}, #7c3aed);
  color: #fff;
`;

const Badge = styled.span`
  padding: 0.25rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentInk};
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 700;
`;

const Highlights = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.sm};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  svg {
    color: ${({ theme }) => theme.color.success};
    flex: none;
  }
`;
