import styled from 'styled-components';
import { Handshake, Lightbulb, ShieldCheck, Target, type LucideIcon } from 'lucide-react';
import { PageHero } from '../../ui/PageHero';
import { Container, Eyebrow, Section, SectionHeader } from '../../ui/layout';
import { IconCard, IconCardList } from '../../ui/IconCard';
import { CtaBanner } from '../../ui/CtaBanner';
import { ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';
import { coreValues, founder, mission, stats } from '../../content/about';

const valueIcons: Record<(typeof coreValues)[number]['icon'], LucideIcon> = {
  shield: ShieldCheck,
  target: Target,
  handshake: Handshake,
  lightbulb: Lightbulb,
};

export function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="We help small businesses grow like big brands"
        lead="A team of designers, developers, marketers and AI specialists working for shops, clinics, restaurants and service businesses across India."
      />

      <Section aria-labelledby="mission-title">
        <Container>
          <MissionLayout>
            <div>
              <Eyebrow>Our mission</Eyebrow>
              <h2 id="mission-title">{mission.title}</h2>
            </div>
            <MissionText>
              {mission.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </MissionText>
          </MissionLayout>
          <Stats aria-label="GrowthPath in numbers">
            {stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </Stats>
        </Container>
      </Section>

      <Section aria-labelledby="values-title" $tone="alt">
        <Container>
          <SectionHeader id="values-title" eyebrow="What we stand for" title="Our core values" />
          <IconCardList>
            {coreValues.map((value) => (
              <IconCard key={value.title} icon={valueIcons[value.icon]} title={value.title}>
                {value.description}
              </IconCard>
            ))}
          </IconCardList>
        </Container>
      </Section>

      <Section aria-labelledby="founder-title">
        <Container>
          <Founder>
            <Portrait src={founder.image} alt={`Portrait of ${founder.name}`} width={320} height={320} loading="lazy" decoding="async" />
            <div>
              <Eyebrow>Meet the founder</Eyebrow>
              <h2 id="founder-title">{founder.name}</h2>
              <Role>{founder.role}</Role>
              {founder.bio.map((paragraph) => (
                <Bio key={paragraph}>{paragraph}</Bio>
              ))}
              <Quote>“{founder.quote}”</Quote>
            </div>
          </Founder>
        </Container>
      </Section>

      <CtaBanner
        title="Let’s grow your business together"
        text="Tell us about your goals and we will map out a plan with clear costs and results."
      >
        <ButtonLink to="/get-started" $variant="light" $size="lg">
          Get my free growth plan
        </ButtonLink>
        <ButtonLink to="/contact" $variant="secondary" $size="lg">
          Talk to us
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

const MissionLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  h2 {
    font-size: ${({ theme }) => theme.size['2xl']};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['3xl']};
    }
  }
  ${media.lg} {
    grid-template-columns: 1fr 1.2fr;
    gap: ${({ theme }) => theme.space(16)};
  }
`;

const MissionText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.md};
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(14)} 0 0;
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  div {
    display: flex;
    flex-direction: column-reverse;
    padding: ${({ theme }) => theme.space(6)};
    border-radius: ${({ theme }) => theme.radius.lg};
    background: ${({ theme }) => theme.color.brandSoft};
    text-align: center;
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size['3xl']};
    font-weight: 800;
    color: ${({ theme }) => theme.color.brandDark};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['4xl']};
    }
  }
  dt {
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
    font-size: ${({ theme }) => theme.size.sm};
  }
`;

const Founder = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: center;
  h2 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  ${media.md} {
    grid-template-columns: 320px 1fr;
    gap: ${({ theme }) => theme.space(14)};
  }
`;

const Portrait = styled.img`
  width: 100%;
  max-width: 320px;
  margin: 0 auto;
  border-radius: 28px;
  background: ${({ theme }) => theme.color.brandSoft};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`;

const Role = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.color.brand};
  font-weight: 700;
`;

const Bio = styled.p`
  color: ${({ theme }) => theme.color.muted};
  & + & {
    margin-top: ${({ theme }) => theme.space(3)};
  }
`;

const Quote = styled.blockquote`
  margin: ${({ theme }) => theme.space(6)} 0 0;
  padding-left: ${({ theme }) => theme.space(4)};
  border-left: 4px solid ${({ theme }) => theme.color.accent};
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.size.lg};
  color: ${({ theme }) => theme.color.ink};
`;
