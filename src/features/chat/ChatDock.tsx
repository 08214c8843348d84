import { Component, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLoadStatus } from '../../lib/lazyActor';
import { lazyChatActor } from './lazyChatActor';
import { loadChatWidget } from './loadChatWidget';

/**
 * Where the layout keeps the chat widget: outside the routed page, so the conversation survives route changes.
 * Nothing is rendered (or downloaded) until the launcher first asks for the assistant; after a failed download,
 * nothing again until the next ask.
 */
export function ChatDock() {
  const status = useLoadStatus(lazyChatActor);
  if (status === 'idle' || status === 'failed') return null;
  return (
    <LoadBoundary onError={() => lazyChatActor.loadFailed()}>
      <LoadedWidget />
    </LoadBoundary>
  );
}

type WidgetModule = Awaited<ReturnType<typeof loadChatWidget>>;
/** Once loaded, the widget renders at once on later mounts. */
let loaded: WidgetModule | null = null;

function LoadedWidget() {
  const [widget, setWidget] = useState(loaded);
  useEffect(() => {
    if (widget) return;
    let current = true;
    // A failed download is lazyChatActor's to report (it loads the same module); this only waits for success.
    loadChatWidget().then(
      (module) => {
        loaded = module;
        if (current) setWidget(module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [widget]);
  if (!widget) return <Opening role="status">Opening the assistant…</Opening>;
  return <widget.ChatWidget dock={lazyChatActor} />;
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
