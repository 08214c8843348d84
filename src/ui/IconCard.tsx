import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { LucideIcon } from 'lucide-react';

/** A card led by an icon tile: advantages, values and contact methods. */
export function IconCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Root>
      <Tile>
        <Icon aria-hidden="true" size={24} />
      </Tile>
      <h3>{title}</h3>
      <Body>{children}</Body>
    </Root>
  );
}

const Root = styled.li`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(7)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  h3 {
    font-size: ${({ theme }) => theme.size.lg};
  }
`;

const Tile = styled.span`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brand};
`;

const Body = styled.div`
  color: ${({ theme }) => theme.color.muted};
`;

export const IconCardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  padding: 0;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 250px), 1fr));
`;
