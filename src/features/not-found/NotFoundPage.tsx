import styled from 'styled-components';
import { Link } from 'react-router';
import { BookOpen, Home, IndianRupee, Mail } from 'lucide-react';
import { Container, Section } from '../../ui/layout';
import { media } from '../../ui/theme';

const destinations = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/pricing', label: 'Pricing', icon: IndianRupee },
  { to: '/case-studies', label: 'Case Studies', icon: BookOpen },
  { to: '/contact', label: 'Contact', icon: Mail },
] as const;

export function NotFoundPage() {
  return (
    <Section>
      <Container $narrow>
        <Wrap>
          <Code aria-hidden="true">404</Code>
          <h1>Page Not Found</h1>
          <p>The page you were looking for has moved or never existed. These might help:</p>
          <nav aria-label="Helpful links">
            <Links>
              {destinations.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link to={to}>
                    <Icon aria-hidden="true" size={20} /> {label}
                  </Link>
                </li>
              ))}
            </Links>
          </nav>
        </Wrap>
      </Container>
    </Section>
  );
}

const Wrap = styled.div`
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.size['3xl']};
  }
  > p {
    margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(8)};
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Code = styled.div`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 5rem;
  font-weight: 800;
  line-height: 1;
  background: linear-gradient(135deg, #1d4ed8, #f97316);
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
  ${media.md} {
    font-size: 7rem;
  }
`;

const Links = styled.ul`
  list-style: none;
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(5)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.line};
    text-decoration: none;
    font-weight: 700;
  }
  a:hover {
    border-color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.brandSoft};
  }
`;
