import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, Section } from './layout';

/**
 * A short, honest page for a funnel whose full flow is still being built: it says what will be here and offers
 * the nearest useful next step.
 */
export function HoldingPage({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Section>
      <Container $narrow>
        <Panel>
          <h1>{title}</h1>
          <div>{children}</div>
          <Actions>{actions}</Actions>
        </Panel>
      </Container>
    </Section>
  );
}

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
`;
