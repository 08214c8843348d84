import { ArrowRight, Eye, Layers, Wallet, Zap, type LucideIcon } from 'lucide-react';
import { PageHero } from '../../ui/PageHero';
import { Container, Section, SectionHeader } from '../../ui/layout';
import { ProcessSteps } from '../../ui/ProcessSteps';
import { IconCard, IconCardList } from '../../ui/IconCard';
import { ServicesGrid } from '../../ui/ServicesGrid';
import { CtaBanner } from '../../ui/CtaBanner';
import { ButtonLink } from '../../ui/Button';
import { processSteps } from '../../content/process';
import { advantages } from '../../content/advantages';
import { services } from '../../content/services';

const advantageIcons: Record<(typeof advantages)[number]['icon'], LucideIcon> = {
  eye: Eye,
  wallet: Wallet,
  zap: Zap,
  layers: Layers,
};

export function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="A growth team on a subscription, in four simple steps"
        lead="We replaced long proposals and unpredictable invoices with a clear plan, a fixed monthly fee and a dashboard that shows every result."
      >
        <ButtonLink to="/signin" $size="lg">
          Get Started <ArrowRight aria-hidden="true" size={18} />
        </ButtonLink>
      </PageHero>

      <Section aria-labelledby="steps-title">
        <Container>
          <SectionHeader id="steps-title" eyebrow="The process" title="From plan to growth" />
          <ProcessSteps steps={processSteps} />
        </Container>
      </Section>

      <Section aria-labelledby="advantages-title" $tone="alt">
        <Container>
          <SectionHeader id="advantages-title" eyebrow="The GrowthPath advantage" title="Why owners switch to a growth plan" />
          <IconCardList>
            {advantages.map((advantage) => (
              <IconCard key={advantage.title} icon={advantageIcons[advantage.icon]} title={advantage.title}>
                {advantage.description}
              </IconCard>
            ))}
          </IconCardList>
        </Container>
      </Section>

      <Section aria-labelledby="included-title">
        <Container>
          <SectionHeader id="included-title" eyebrow="Included services" title="Everything your business needs to grow online" />
          <ServicesGrid services={services} />
        </Container>
      </Section>

      <CtaBanner title="Start growing this month" text="Create your account, choose a plan and we will take it from there.">
        <ButtonLink to="/signin" $variant="light" $size="lg">
          Get Started <ArrowRight aria-hidden="true" size={18} />
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
