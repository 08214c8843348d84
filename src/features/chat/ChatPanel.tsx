import { useEffect, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Bot, MessageCircle, RotateCcw, Send, X } from 'lucide-react';
import { chatGreeting, chatLimits } from '../../domain/chat';
import { ChatActor } from './chatActor';
import { chatPanelId, launcherId } from './chatIds';
import {
  Bubble,
  Caret,
  Composer,
  Dialog,
  Failure,
  Header,
  HeaderText,
  IconButton,
  Item,
  Messages,
  Note,
  Resume,
  RetryButton,
  SendButton,
  Speaker,
  TextBox,
  Typing,
} from './ChatPanel.styles';

const titleId = 'chat-panel-title';
const inputId = 'chat-panel-input';
const phoneQuery = '(max-width: 639px)';

/**
 * The chat panel: renders the chat machine and sends it the visitor's events. Replies are plain text (never HTML),
 * announced once complete through a polite live region; the growing reply itself is not a live region, so a screen
 * reader is not interrupted by every streamed piece.
 */
export function ChatPanel() {
  const actor = ChatActor.useActorRef();
  const open = ChatActor.useSelector((snapshot) => snapshot.hasTag('open'));
  const pending = ChatActor.useSelector((snapshot) => snapshot.hasTag('pending'));
  const typing = ChatActor.useSelector((snapshot) => snapshot.hasTag('typing'));
  const failed = ChatActor.useSelector((snapshot) => snapshot.hasTag('failed'));
  const messages = ChatActor.useSelector((snapshot) => snapshot.context.messages);
  const draft = ChatActor.useSelector((snapshot) => snapshot.context.draft);
  const reply = ChatActor.useSelector((snapshot) => snapshot.context.reply);
  const announcement = ChatActor.useSelector((snapshot) => snapshot.context.announcement);
  const announcements = ChatActor.useSelector((snapshot) => snapshot.context.announcements);

  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const stickToBottom = useRef(true);
  const wasOpen = useRef(false);

  // Focus moves into the panel when it opens and back to where it came from when it closes.
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const active = document.activeElement;
      returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      stickToBottom.current = true;
      inputRef.current?.focus();
    } else if (!open && wasOpen.current) {
      const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : document.getElementById(launcherId);
      target?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  // Follow the reply as it grows, unless the visitor has scrolled up to read something earlier.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages, reply, typing, failed, open]);

  useEffect(() => {
    if (messages.at(-1)?.role === 'user') stickToBottom.current = true;
  }, [messages]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: 'chat.submit' });
    // Send is disabled while the reply is pending; keep focus in the text box so it is not lost with the button.
    inputRef.current?.focus();
  };

  const onComposerKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; never while an input method is composing a character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      actor.send({ type: 'chat.close' });
    }
  };

  // Escape also closes the panel when focus has fallen back to the page body (e.g. a button it was on went away).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && (document.activeElement === document.body || document.activeElement === null)) {
        actor.send({ type: 'chat.close' });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, actor]);

  // On a phone the panel covers the page, so following a link closes it to show where the link went.
  const closeOnPhone = () => {
    if (window.matchMedia?.(phoneQuery).matches) actor.send({ type: 'chat.close' });
  };

  const hasConversation = messages.length > 0 || pending;
  const partialReply = reply.length > 0;

  return (
    <>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {/* Alternating a trailing space makes a repeated identical reply a change that is announced again. */}
        {announcement ? `Assistant: ${announcement}${announcements % 2 === 0 ? '\u00a0' : ''}` : ''}
      </p>

      {!open && hasConversation && (
        <Resume type="button" onClick={() => actor.send({ type: 'chat.toggle' })}>
          <MessageCircle aria-hidden="true" size={20} />
          <span>{pending ? 'Assistant is replying…' : 'Continue the chat'}</span>
        </Resume>
      )}

      {open && (
        <Dialog id={chatPanelId} role="dialog" aria-modal="false" aria-labelledby={titleId} onKeyDown={onDialogKeyDown}>
          <Header>
            <Bot aria-hidden="true" size={28} />
            <HeaderText>
              <h2 id={titleId}>GrowthPath assistant</h2>
              <p>Usually replies in seconds</p>
            </HeaderText>
            <IconButton type="button" aria-label="Close the assistant" onClick={() => actor.send({ type: 'chat.close' })}>
              <X aria-hidden="true" size={20} />
            </IconButton>
          </Header>

          <Messages
            ref={listRef}
            aria-label="Conversation"
            tabIndex={0}
            onScroll={(event) => {
              const list = event.currentTarget;
              stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
            }}
          >
            <Item $role="model">
              <Speaker>{'Assistant: '}</Speaker>
              <Bubble $role="model">{chatGreeting}</Bubble>
            </Item>
            {messages.map((message, index) => (
              <Item key={index} $role={message.role}>
                <Speaker>{message.role === 'user' ? 'You: ' : 'Assistant: '}</Speaker>
                <Bubble $role={message.role}>
                  {message.role === 'model' ? <ReplyText text={message.text} onNavigate={closeOnPhone} /> : message.text}
                </Bubble>
              </Item>
            ))}
            {partialReply && (
              <Item $role="model" data-testid="chat-streaming-reply">
                <Speaker>{'Assistant: '}</Speaker>
                <Bubble $role="model" aria-busy={pending}>
                  <ReplyText text={reply} onNavigate={closeOnPhone} />
                  {pending && <Caret aria-hidden="true" />}
                </Bubble>
              </Item>
            )}
            {typing && (
              <Item $role="model">
                <Typing>
                  <span className="visually-hidden">The assistant is typing…</span>
                  <i aria-hidden="true" />
                  <i aria-hidden="true" />
                  <i aria-hidden="true" />
                </Typing>
              </Item>
            )}
            {failed && (
              <Item $role="model">
                <Failure>
                  Sorry, I encountered an error. Please try again or visit our{' '}
                  <Link to="/contact" onClick={closeOnPhone}>
                    contact page
                  </Link>
                  .
                </Failure>
                <RetryButton
                  type="button"
                  onClick={() => {
                    actor.send({ type: 'chat.retry' });
                    // The button goes away with the failure; focus moves to the text box instead of the page.
                    inputRef.current?.focus();
                  }}
                >
                  <RotateCcw aria-hidden="true" size={16} /> Try again
                </RetryButton>
              </Item>
            )}
          </Messages>

          <Composer onSubmit={submit} aria-label="Send a message">
            <label htmlFor={inputId} className="visually-hidden">
              Your message
            </label>
            <TextBox
              ref={inputRef}
              id={inputId}
              name="message"
              rows={2}
              maxLength={chatLimits.message}
              placeholder="Ask about plans, prices or services…"
              value={draft}
              onChange={(event) => actor.send({ type: 'chat.input', value: event.target.value })}
              onKeyDown={onComposerKeyDown}
              autoComplete="off"
            />
            <SendButton type="submit" disabled={pending}>
              <Send aria-hidden="true" size={18} />
              <span>Send</span>
            </SendButton>
          </Composer>
          <Note>
            Prefer a person?{' '}
            <Link to="/contact" onClick={closeOnPhone}>
              Contact us
            </Link>{' '}
            — we reply within 24 hours.
          </Note>
        </Dialog>
      )}
    </>
  );
}

/** What a page's path reads as in a reply: "Compare the plans on /pricing" shows "on the pricing page". */
const pageNames: Record<string, string> = {
  '/pricing': 'the pricing page',
  '/contact': 'the contact page',
  '/get-started': 'the growth-plan quiz',
  '/how-it-works': 'How it works',
  '/help': 'the help center',
  '/case-studies': 'our case studies',
  '/about': 'About us',
};

/**
 * The site's own pages named in a reply ("/pricing", or "/#/pricing" as addresses were once written) become links
 * named after the page; the rest stays text.
 */
const pagePath = new RegExp(
  `(?<![\\w./])(\\/(?:#\\/)?(?:${Object.keys(pageNames)
    .map((path) => path.slice(1))
    .join('|')}))(?![\\w/-])`,
);

function ReplyText({ text, onNavigate }: { text: string; onNavigate: () => void }) {
  const parts = text.split(pagePath);
  return parts.map((part, index) => {
    if (index % 2 === 0) return part;
    const to = part.replace('/#/', '/');
    return (
      <Link key={index} to={to} onClick={onNavigate}>
        {pageNames[to]}
      </Link>
    );
  });
}
