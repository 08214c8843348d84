import { useEffect, useState } from 'react';
import type { chatMachine, ChatInput } from '../../../machines/chat.machine';
import { conversationId, loadTranscript } from '../../lib/chatSession';
import { ChatActor, liveChatMachine } from './chatActor';
import { chatDock } from './chatDock';
import { ChatPanel } from './ChatPanel';

interface ChatWidgetProps {
  /** The machine with its effects; tests give one with fake effects. */
  logic?: typeof chatMachine;
  /** Where the conversation starts; by default this tab's conversation id and saved transcript. */
  input?: ChatInput;
}

/** The chat assistant, loaded on demand: its actor (one conversation per tab session) and the panel. */
export function ChatWidget({ logic = liveChatMachine, input }: ChatWidgetProps) {
  const [start] = useState<ChatInput>(() => input ?? { conversationId: conversationId(), messages: loadTranscript() });
  return (
    <ChatActor.Provider logic={logic} options={{ input: start }}>
      <DockBridge />
      <ChatPanel />
    </ChatActor.Provider>
  );
}

/** Passes the launcher's clicks to the machine and tells the launcher whether the panel is open. */
function DockBridge() {
  const actor = ChatActor.useActorRef();
  const open = ChatActor.useSelector((snapshot) => snapshot.hasTag('open'));
  useEffect(() => chatDock.connect(() => actor.send({ type: 'chat.toggle' })), [actor]);
  useEffect(() => chatDock.reportOpen(open), [open]);
  useEffect(() => () => chatDock.reportOpen(false), []);
  return null;
}
