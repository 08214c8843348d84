import { useEffect, useState } from 'react';
import type { chatMachine, ChatInput } from '../../../machines/chat.machine';
import { conversationId, loadTranscript } from './chatSession';
import { ChatActor, liveChatMachine } from './chatActor';
import type { LazyChatActor } from './lazyChatActor';
import { ChatPanel } from './ChatPanel';

interface ChatWidgetProps {
  /** The machine with its effects; tests give one with fake effects. */
  logic?: typeof chatMachine;
  /** Where the conversation starts; by default this tab's conversation id and saved transcript. */
  input?: ChatInput;
  /** The first bundle's handle on the chat (lazyChatActor.ts): the launcher reaches this widget's actor through it. */
  dock?: Pick<LazyChatActor, 'attach'>;
}

/** The chat assistant, loaded on demand: its actor (one conversation per tab session) and the panel. */
export function ChatWidget({ logic = liveChatMachine, input, dock }: ChatWidgetProps) {
  const [start] = useState<ChatInput>(() => input ?? { conversationId: conversationId(), messages: loadTranscript() });
  return (
    <ChatActor.Provider logic={logic} options={{ input: start }}>
      {dock && <AttachToDock dock={dock} />}
      <ChatPanel />
    </ChatActor.Provider>
  );
}

/** Hands this widget's actor to the dock, which then sends it the launcher's toggles and reads its open state. */
function AttachToDock({ dock }: { dock: Pick<LazyChatActor, 'attach'> }) {
  const actor = ChatActor.useActorRef();
  useEffect(() => dock.attach(actor), [dock, actor]);
  return null;
}
