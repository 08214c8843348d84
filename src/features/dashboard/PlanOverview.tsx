import styled, { css } from 'styled-components';
import {
  ArrowRight,
  Bot,
  Circle,
  CircleCheck,
  Globe,
  IndianRupee,
  MapPin,
  Megaphone,
  MousePointerClick,
  Palette,
  Rocket,
  Share2,
  Sparkles,
  TrendingUp,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { Button, ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';
import { VisuallyHidden } from '../../ui/visuallyHidden';
import { AuthActor } from '../../lib/auth/AuthActor';
import { serviceName, type ServiceKey } from '../../domain/catalogue';
import { findPlan, type Plan, type PlanKey } from '../../domain/plans';
import { pendingCheckout } from '../../domain/account';
import { formatInr } from '../../domain/money';
import { planTimeline, type PhaseStatus } from '../../domain/planTimeline';
import { useNavigate } from 'react-router';

/** Static sample figures (docs/product.md §2), labelled as such on the page (D12). */
const sampleStats: { label: string; value: string; note: string; icon: LucideIcon }[] = [
  { label: 'Leads generated', value: '128', note: '+18% on last month', icon: Users },
  { label: 'Conversion rate', value: '4.6%', note: '+0.8 points', icon: TrendingUp },
  { label: 'Website traffic', value: '3,420', note: 'visits this month', icon: MousePointerClick },
  { label: 'Ad spend', value: formatInr(18500), note: 'of ₹20,000 budget', icon: IndianRupee },
];

const apps: Record<ServiceKey, { icon: LucideIcon; blurb: string }> = {
  website: { icon: Globe, blurb: 'Your website, pages and enquiry forms.' },
  branding: { icon: Palette, blurb: 'Logo, colours and your brand kit.' },
  localseo: { icon: MapPin, blurb: 'Google Business Profile and local rankings.' },
  ads: { icon: Megaphone, blurb: 'Google and Meta campaigns and their results.' },
  smm: { icon: Share2, blurb: 'Your posting calendar and social reach.' },
  crm: { icon: Workflow, blurb: 'Leads, follow-ups and automated reminders.' },
  aiagents: { icon: Bot, blurb: 'AI agents answering and qualifying enquiries.' },
};

const statusIcon: Record<PhaseStatus, LucideIcon> = { Completed: CircleCheck, 'In Progress': Rocket, Pending: Circle };

export function PlanOverview({ plan, purchasedAt }: { plan: Plan; purchasedAt: string | null }) {
  const navigate = useNavigate();
  const { startedOn, phases } = planTimeline(purchasedAt, new Date());

  return (
    <>
      <Banner aria-labelledby="customise-title">
        <Sparkles aria-hidden="true" size={28} />
        <div>
          <h2 id="customise-title">Let’s tailor {plan.title} to your business</h2>
          <p>Answer a few questions about your business and goals, and we will shape your setup around them.</p>
        </div>
        {/* D12: Start Setup opens the quiz instead of the brief's placeholder alert. */}
        <Button type="button" $variant="light" onClick={() => navigate('/get-started')}>
          Start Setup <ArrowRight aria-hidden="true" size={18} />
        </Button>
      </Banner>

      <Card as="section" aria-labelledby="plan-title">
        <PlanHead>
          <div>
            <Small>Your plan</Small>
            <h2 id="plan-title">{plan.title}</h2>
            <p>{plan.subtitle}</p>
          </div>
          <dl>
            <div>
              <dt>Monthly</dt>
              <dd>{formatInr(plan.monthlyFee)}</dd>
            </div>
            <div>
              <dt>Active since</dt>
              <dd>{startedOn}</dd>
            </div>
          </dl>
        </PlanHead>
      </Card>

      <section aria-labelledby="results-title">
        <SectionTitle>
          <h2 id="results-title">Results</h2>
          <SampleTag>Sample figures</SampleTag>
        </SectionTitle>
        <Muted>Example numbers that show how this space will look; your live figures appear here once campaigns run.</Muted>
        <Stats>
          {sampleStats.map(({ label, value, note, icon: Icon }) => (
            <Stat key={label}>
              <Icon aria-hidden="true" size={22} />
              <dt>{label}</dt>
              <dd>
                <strong>{value}</strong>
                <span>{note}</span>
              </dd>
            </Stat>
          ))}
        </Stats>
      </section>

      <Card as="section" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Project timeline</h2>
        <Phases>
          {phases.map((phase, index) => {
            const Icon = statusIcon[phase.status];
            return (
              <Phase key={phase.name} $status={phase.status}>
                <Marker $status={phase.status}>
                  <Icon aria-hidden="true" size={18} />
                </Marker>
                <div>
                  <PhaseHead>
                    <h3>
                      {index + 1}. {phase.name}
                    </h3>
                    <Status $status={phase.status}>{phase.status}</Status>
                  </PhaseHead>
                  <Muted>
                    {phase.months} · {phase.description}
                  </Muted>
                  <Tasks aria-label={`${phase.name} tasks`}>
                    {phase.tasks.map((task) => (
                      <li key={task.name} data-completed={task.completed}>
                        {task.completed ? <CircleCheck aria-hidden="true" size={16} /> : <Circle aria-hidden="true" size={16} />}
                        {task.name}
                        <VisuallyHidden>{task.completed ? ' (done)' : ' (to do)'}</VisuallyHidden>
                      </li>
                    ))}
                  </Tasks>
                </div>
              </Phase>
            );
          })}
        </Phases>
      </Card>

      <section aria-labelledby="apps-title">
        <SectionTitle>
          <h2 id="apps-title">Your Apps</h2>
        </SectionTitle>
        <Apps>
          {plan.includedServices.map((key) => {
            const { icon: Icon, blurb } = apps[key];
            return (
              <App key={key}>
                <Icon aria-hidden="true" size={24} />
                <h3>{serviceName(key)}</h3>
                <p>{blurb}</p>
              </App>
            );
          })}
        </Apps>
      </section>
    </>
  );
}

/** No plan per the server: activate one (docs/product.md §2), or finish paying for the one chosen at sign-up (D4). */
export function ActivatePlan({ chosenPlan }: { chosenPlan: PlanKey | null }) {
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const handoff = user && pendingCheckout(user, chosenPlan);
  const chosen = handoff ? findPlan(handoff.plan) : undefined;
  return (
    <Activate aria-labelledby="activate-title">
      <Rocket aria-hidden="true" size={32} />
      <h2 id="activate-title">Activate Your Growth Plan</h2>
      <p>Choose a plan to unlock your project timeline, live results and apps. One setup fee, one flat monthly fee, no annual lock-in.</p>
      <Actions>
        {chosen && handoff && (
          <ButtonLink to="/payment" state={handoff} $size="lg">
            Continue with {chosen.title} <ArrowRight aria-hidden="true" size={18} />
          </ButtonLink>
        )}
        <ButtonLink to="/pricing" $size="lg" $variant={chosen ? 'secondary' : 'primary'}>
          View Pricing Plans
        </ButtonLink>
      </Actions>
    </Activate>
  );
}

const Card = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
  ${media.md} {
    padding: ${({ theme }) => theme.space(8)};
  }
`;

const Banner = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(120deg, ${({ theme }) => theme.color.brandDark}, ${({ theme }) => theme.color.brand});
  color: #fff;
  > svg {
    color: #fed7aa;
  }
  h2 {
    color: #fff;
    font-size: ${({ theme }) => theme.size.lg};
  }
  p {
    color: #dbeafe;
    margin-top: ${({ theme }) => theme.space(1)};
  }
  button {
    justify-self: start;
  }
  ${media.md} {
    grid-template-columns: auto 1fr auto;
    padding: ${({ theme }) => theme.space(7)} ${({ theme }) => theme.space(8)};
  }
`;

const PlanHead = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  p {
    color: ${({ theme }) => theme.color.muted};
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(8)};
  }
  dt {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    color: ${({ theme }) => theme.color.ink};
  }
  ${media.md} {
    grid-template-columns: 1fr auto;
    align-items: end;
  }
`;

const Small = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.brand} !important;
`;

const SectionTitle = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
`;

const SampleTag = styled.span`
  padding: 0.2rem 0.7rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentInk};
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
`;

const Stats = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(4)} 0 0;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(4)};
  }
`;

const Stat = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  ${media.md} {
    padding: ${({ theme }) => theme.space(5)};
  }
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  > svg {
    color: ${({ theme }) => theme.color.brand};
  }
  dt {
    font-size: ${({ theme }) => theme.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
  }
  strong {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size.xl};
    color: ${({ theme }) => theme.color.ink};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['2xl']};
    }
  }
  span {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.success};
    font-weight: 600;
  }
`;

const tone = (status: PhaseStatus) => (status === 'Completed' ? 'success' : status === 'In Progress' ? 'brand' : 'muted');

const Phases = styled.ol`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const Phase = styled.li<{ $status: PhaseStatus }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    font-size: ${({ theme }) => theme.size.base};
  }
`;

const Marker = styled.span<{ $status: PhaseStatus }>`
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  ${({ theme, $status }) => {
    const key = tone($status);
    if (key === 'success')
      return css`
        background: ${theme.color.successSoft};
        color: ${theme.color.success};
      `;
    if (key === 'brand')
      return css`
        background: ${theme.color.brandSoft};
        color: ${theme.color.brand};
      `;
    return css`
      background: ${theme.color.surfaceAlt};
      color: ${theme.color.muted};
    `;
  }}
`;

const PhaseHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const Status = styled.span<{ $status: PhaseStatus }>`
  padding: 0.15rem 0.65rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 700;
  ${({ theme, $status }) => {
    const key = tone($status);
    if (key === 'success')
      return css`
        background: ${theme.color.successSoft};
        color: ${theme.color.success};
      `;
    if (key === 'brand')
      return css`
        background: ${theme.color.brandSoft};
        color: ${theme.color.brandDark};
      `;
    return css`
      background: ${theme.color.surfaceAlt};
      color: ${theme.color.muted};
      border: 1px solid ${theme.color.line};
    `;
  }}
`;

const Tasks = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(3)};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.size.sm};
  }
  li svg {
    flex: none;
    color: ${({ theme }) => theme.color.muted};
  }
  li[data-completed='true'] svg {
    color: ${({ theme }) => theme.color.success};
  }
`;

const Apps = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
`;

const App = styled.li`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  > svg {
    color: ${({ theme }) => theme.color.brand};
  }
  h3 {
    font-size: ${({ theme }) => theme.size.base};
  }
  p {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Activate = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  text-align: center;
  > svg {
    color: ${({ theme }) => theme.color.accent};
  }
  h2 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  p {
    max-width: 36rem;
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
`;
