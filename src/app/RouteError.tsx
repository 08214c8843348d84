import { Component, type ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from '../ui/layout';
import { ButtonAnchor } from '../ui/Button';

/**
 * Shown when a page fails to render or its code cannot be downloaded (for example a stale tab after a deploy).
 * It replaces the whole site, layout included, so it uses a plain anchor to reload.
 */
export function RouteError() {
  return (
    <Wrap>
      <Container $narrow>
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Please reload; if it keeps happening, our team would like to hear about it.</p>
        <ButtonAnchor href="/">Reload the site</ButtonAnchor>
      </Container>
    </Wrap>
  );
}

interface BoundaryProps {
  /** The page the visitor is on: moving to another one tries again, as a router's error element does. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failedOn: string | null;
}

/** Catches what a page throws while rendering (a failed chunk download included) and shows RouteError. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedOn: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failedOn: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedOn === '') return { failedOn: props.pathname };
    if (state.failedOn !== null && state.failedOn !== props.pathname) return { failedOn: null };
    return null;
  }

  override render() {
    return this.state.failedOn === null ? this.props.children : <RouteError />;
  }
}

const Wrap = styled.main`
  padding: 6rem 0;
  text-align: center;
  p {
    margin: 1rem 0 2rem;
    color: ${({ theme }) => theme.color.muted};
  }
`;
