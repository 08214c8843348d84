import styled from 'styled-components';
import { Bot, CodeXml, Funnel, Megaphone, Palette, Share2, Check, type LucideIcon } from 'lucide-react';
import type { MarketingService, ServiceIcon, ServiceTone } from '../content/services';

const icons: Record<ServiceIcon, LucideIcon> = {
  code: CodeXml,
  palette: Palette,
  megaphone: Megaphone,
  share: Share2,
  funnel: Funnel,
  bot: Bot,
};

/** Icon tile colours: soft background with a dark foreground that passes AA. */
const tones: Record<ServiceTone, { bg: string; fg: string }> = {
  blue: { bg: '#dbeafe', fg: '#1e40af' },
  orange: { bg: '#ffedd5', fg: '#9a3412' },
  green: { bg: '#dcfce7', fg: '#166534' },
  pink: { bg: '#fce7f3', fg: '#9d174d' },
  violet: { bg: '#ede9fe', fg: '#5b21b6' },
  teal: { bg: '#ccfbf1', fg: '#115e59' },
};

export function ServicesGrid({ services }: { services: readonly MarketingService[] }) {
  return (
    <List>
      {services.map((service) => {
        const Icon = icons[service.icon];
        const tone = tones[service.tone];
        return (
          <Item key={service.title}>
            <IconTile style={{ background: tone.bg, color: tone.fg }}>
              <Icon aria-hidden="true" size={24} />
            </IconTile>
            <h3>{service.title}</h3>
            <p>{service.description}</p>
            <Features>
              {service.features.map((feature) => (
                <li key={feature}>
                  <Check aria-hidden="true" size={16} />
                  {feature}
                </li>
              ))}
            </Features>
          </Item>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(7)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  transition:
    box-shadow 0.2s ease,
    transform 0.2s ease,
    border-color 0.2s ease;
  &:hover {
    box-shadow: ${({ theme }) => theme.shadow.lg};
    transform: translateY(-2px);
    border-color: ${({ theme }) => theme.color.brandLine};
  }
  h3 {
    font-size: ${({ theme }) => theme.size.lg};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const IconTile = styled.span`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Features = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(2)};
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
