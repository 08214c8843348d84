import { Component, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLazySelector, useLoadStatus } from '../../lib/lazyActor';
import { chatWidgetCode, lazyChatActor } from './lazyChatActor';

/**
 * Where the layout keeps the chat widget: outside the routed page, so the conversation survives route changes.
 * Nothing is rendered (or downloaded) until the launcher first asks for the assistant; after a failed download,
 * nothing again until the next ask.
 */
export function ChatDock() {
  const status = useLoadStatus(lazyChatActor);
  // The code lazyChatActor's loading brought (a failed download is its to report): the dock only renders it.
  const widget = useLazySelector(chatWidgetCode, (module) => module);
  if (status === 'idle' || status === 'failed') return null;
  return (
    <LoadBoundary onError={() => lazyChatActor.loadFailed()}>
      {widget ? <widget.ChatWidget dock={lazyChatActor} /> : <Opening role="status">Opening the assistant…</Opening>}
    </LoadBoundary>
  );
}

/** A failure inside the widget hides the widget; it never takes the page down with it. */
class LoadBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const Opening = styled.p`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 60;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.ink};
  color: #fff;
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  box-shadow: ${({ theme }) => theme.shadow.lg};
`;
