import styled from 'styled-components';
import { Container } from '../../ui/layout';
import { clientLogos } from '../../content/testimonials';

export function TrustedBy() {
  return (
    <Strip aria-labelledby="trusted-title">
      <Container>
        <Title id="trusted-title">Trusted by growing businesses across India</Title>
        <Logos>
          {clientLogos.map((logo) => (
            <li key={logo.name}>
              <img src={logo.src} alt={logo.name} width={160} height={48} loading="lazy" decoding="async" />
            </li>
          ))}
        </Logos>
      </Container>
    </Strip>
  );
}

const Strip = styled.section`
  padding: ${({ theme }) => theme.space(10)} 0;
  border-top: 1px solid ${({ theme }) => theme.color.line};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
`;

const Title = styled.h2`
  text-align: center;
  font-family: ${({ theme }) => theme.font.body};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.muted};
`;

const Logos = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(8)};
  margin-top: ${({ theme }) => theme.space(6)};
  img {
    width: 132px;
    height: auto;
    opacity: 0.85;
  }
`;
