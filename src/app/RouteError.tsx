import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '../ui/layout';
import { ButtonAnchor } from '../ui/Button';

/**
 * Shown when a page fails to render or its code cannot be downloaded (for example a stale tab after a deploy).
 * It sits outside the router's layout, so it uses a plain anchor to reload.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Wrap>
      <Container $narrow>
        <h1>Something went wrong</h1>
        <p>
          This page could not be shown{detail ? ` (${detail})` : ''}. Please reload; if it keeps happening, our
          team would like to hear about it.
        </p>
        <ButtonAnchor href="/">Reload the site</ButtonAnchor>
      </Container>
    </Wrap>
  );
}

const Wrap = styled.main`
  padding: 6rem 0;
  text-align: center;
  p { margin: 1rem 0 2rem; color: ${({ theme }) => theme.color.muted}; }
`;
