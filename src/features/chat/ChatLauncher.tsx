import styled from 'styled-components';
import { Bot } from 'lucide-react';
import { useLazySelector, useLoadStatus } from '../../lib/lazyActor';
import { chatWidgetCode, lazyChatActor } from './lazyChatActor';
import { chatPanelId, launcherId } from './chatIds';

/**
 * The footer's way into the assistant: a button that opens and closes the chat panel. It is all of the chat that the
 * first page load carries; hovering or focusing it starts loading the rest, so the panel is usually ready on click.
 */
export function ChatLauncher({ className }: { className?: string }) {
  // The chat machine alone knows whether its panel is open; before it has loaded, it is not.
  const open = useLazySelector(lazyChatActor, (snapshot) => !!snapshot?.hasTag('open'));
  const loadFailed = useLoadStatus(lazyChatActor) === 'failed';
  return (
    <>
      <Launcher
        type="button"
        id={launcherId}
        className={className}
        aria-expanded={open}
        aria-controls={open ? chatPanelId : undefined}
        onClick={() => lazyChatActor.send({ type: 'chat.toggle' })}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <Bot aria-hidden="true" size={18} /> Chat with our assistant
      </Launcher>
      {loadFailed && <LoadFailed role="status">The assistant could not load. Please check your connection and try again.</LoadFailed>}
    </>
  );
}

function preload() {
  chatWidgetCode.load().catch(() => undefined);
}

const Launcher = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  min-height: 2.75rem;
  padding: 0.55rem 1rem 0.55rem 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brand};
  color: #fff;
  font-weight: 700;
  font-size: ${({ theme }) => theme.size.sm};
  line-height: 1.3;
  text-align: left;
  cursor: pointer;
  transition: background-color 0.15s ease;
  &:hover {
    background: #2563eb;
  }
  svg {
    flex: none;
  }
`;

const LoadFailed = styled.p`
  margin-top: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.xs};
  color: #fecaca;
`;
