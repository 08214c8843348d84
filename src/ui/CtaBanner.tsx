import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from './layout';
import { media } from './theme';

/** The closing call to action of a page: a blue band with a heading, a line and its buttons. */
export function CtaBanner({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Outer aria-labelledby="cta-title">
      <Container>
        <Panel>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
          <Actions>{children}</Actions>
        </Panel>
      </Container>
    </Outer>
  );
}

const Outer = styled.section`
  padding: ${({ theme }) => theme.space(16)} 0;
  ${media.md} {
    padding: ${({ theme }) => theme.space(24)} 0;
  }
`;

const Panel = styled.div`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(6)};
  border-radius: 28px;
  text-align: center;
  color: #dbeafe;
  background:
    radial-gradient(30rem 16rem at 100% 0%, rgba(249, 115, 22, 0.35), transparent 70%),
    radial-gradient(30rem 16rem at 0% 100%, rgba(96, 165, 250, 0.35), transparent 70%), linear-gradient(135deg, #1e3a8a, #1d4ed8);
  h2 {
    color: #fff;
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  p {
    max-width: 36rem;
    margin: ${({ theme }) => theme.space(4)} auto 0;
    font-size: ${({ theme }) => theme.size.md};
  }
  ${media.md} {
    padding: ${({ theme }) => theme.space(16)};
    h2 {
      font-size: ${({ theme }) => theme.size['3xl']};
    }
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(8)};
  /* One width for every button, so on a phone the stacked pair lines up; on the narrowest phones a label wraps
     rather than spill out of the banner. */
  && > * {
    flex: 0 1 17.5rem;
    max-width: 100%;
    white-space: normal;
    text-align: center;
  }
`;
