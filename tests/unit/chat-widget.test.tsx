import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ChatDock } from '../../src/features/chat/ChatDock';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { lazyChatActor } from '../../src/features/chat/lazyChatActor';
import { loadChatWidget } from '../../src/features/chat/loadChatWidget';
import { chatGreeting } from '../../src/domain/chat';
import { renderWithApp } from '../render';

/**
 * The footer widget as the site uses it, with the real machine and streaming client against a stubbed fetch: it
 * loads on first open, keeps focus where a keyboard user expects it, ignores empty messages, renders replies as
 * text, and remembers the conversation for the tab's session.
 */

type Sse = { type: 'delta'; text: string } | { type: 'done'; signature: string } | { type: 'error'; message: string };

/** The server's signature of a reply (an HMAC, base64url): the widget keeps it and sends it back with the reply. */
const SIGNATURE = 'c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItZm9yLXRoaXMtcmV';

function sseResponse(events: Sse[]): Response {
  const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  sessionStorage.clear();
  fetchMock = vi.fn<typeof fetch>(async () =>
    sseResponse([
      { type: 'delta', text: 'Hello ' },
      { type: 'delta', text: 'there.' },
      { type: 'done', signature: SIGNATURE },
    ]),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSite() {
  return renderWithApp(
    <>
      <footer>
        <ChatLauncher />
      </footer>
      <ChatDock />
    </>,
  );
}

const launcher = () => screen.getByRole('button', { name: 'Chat with our assistant' });
const panel = () => screen.findByRole('dialog', { name: 'GrowthPath assistant' });
const textbox = () => screen.getByRole('textbox', { name: 'Your message' });

describe('the chat widget in the layout', () => {
  it('renders nothing of the chat until the launcher is used, then opens with the greeting and focus in the text box', async () => {
    const { user } = renderSite();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');

    await user.click(launcher());
    // The widget's code is fetched on this first request; let React finish rendering it once it has arrived.
    await act(async () => {
      await loadChatWidget();
    });
    const dialog = await panel();
    expect(within(dialog).getByText(chatGreeting)).toBeInTheDocument();
    await waitFor(() => expect(textbox()).toHaveFocus());
    expect(launcher()).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveAttribute('aria-modal', 'false');
  });

  it('closes with Escape and with the close button, each time returning focus to the launcher', async () => {
    const { user } = renderSite();
    await user.click(launcher());
    await panel();
    await waitFor(() => expect(textbox()).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(launcher()).toHaveFocus();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}'); // the launcher has focus: Enter opens it again
    await panel();
    await user.click(screen.getByRole('button', { name: 'Close the assistant' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(launcher()).toHaveFocus();
  });

  it('ignores empty and whitespace-only messages, by Enter and by the Send button', async () => {
    const { user } = renderSite();
    await user.click(launcher());
    await panel();
    await user.keyboard('{Enter}');
    await user.type(textbox(), '   ');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getAllByRole('listitem')).toHaveLength(1); // the greeting only
  });

  it('sends with Enter, starts a new line with Shift+Enter, and shows the reply', async () => {
    const { user } = renderSite();
    await user.click(launcher());
    await panel();
    await user.type(textbox(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(textbox()).toHaveValue('Line one\nline two');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Hello there.')).toBeInTheDocument();
    expect(textbox()).toHaveValue('');

    const body = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as { conversationId: string; message: string; history: unknown[] };
    expect(body.message).toBe('Line one\nline two');
    expect(body.history).toEqual([]);
    expect(body.conversationId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('renders a reply as text, and makes the site’s own pages in it links', async () => {
    fetchMock.mockImplementation(async () =>
      sseResponse([
        { type: 'delta', text: '<img src=x onerror=alert(1)> <b>Plans</b> are on /#/pricing.' },
        { type: 'done', signature: SIGNATURE },
      ]),
    );
    const { user } = renderSite();
    await user.click(launcher());
    await panel();
    await user.type(textbox(), 'Prices?{Enter}');
    const link = await screen.findByRole('link', { name: 'the pricing page' });
    expect(link).toHaveAttribute('href', '/pricing');
    const bubble = link.closest('p')!;
    expect(bubble).toHaveTextContent('<img src=x onerror=alert(1)> <b>Plans</b> are on the pricing page.');
    expect(bubble.querySelector('img, b')).toBeNull();
  });

  it('announces the completed reply once, through a polite live region', async () => {
    const { user } = renderSite();
    await user.click(launcher());
    await panel();
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live).toHaveAttribute('aria-atomic', 'true');
    await user.type(textbox(), 'Hi{Enter}');
    await screen.findByText('Hello there.');
    expect(live.textContent?.trim()).toBe('Assistant: Hello there.');
    // The conversation list itself is not a live region, so streamed pieces are not read out one by one.
    expect(screen.getByRole('list', { name: 'Conversation' })).not.toHaveAttribute('aria-live');
  });

  it('shows the failure line when the server fails, and Try again asks again', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('{"error":{"code":"internal","message":"x"}}', { status: 500 }));
    const { user } = renderSite();
    await user.click(launcher());
    await panel();
    await user.type(textbox(), 'Prices?{Enter}');
    expect(await screen.findByText(/^Sorry, I encountered an error/)).toHaveTextContent(
      'Sorry, I encountered an error. Please try again or visit our contact page.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello there.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const retried = JSON.parse(fetchMock.mock.calls[1]![1]!.body as string) as { message: string };
    expect(retried.message).toBe('Prices?');
  });

  it('keeps the conversation id and transcript (with the replies’ signatures) for this tab: a new page load continues the conversation', async () => {
    const first = renderSite();
    await first.user.click(launcher());
    await panel();
    await first.user.type(textbox(), 'Hi{Enter}');
    await screen.findByText('Hello there.');
    const firstId = (JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as { conversationId: string }).conversationId;
    first.unmount();
    // The widget let go of its actor as it went: the next page load starts from a dock that was never asked.
    expect(lazyChatActor.getStatus()).toBe('idle');
    expect(lazyChatActor.getSnapshot()).toBeNull();

    const second = renderSite();
    await second.user.click(launcher());
    await panel();
    expect(screen.getByText('Hello there.')).toBeInTheDocument();
    await second.user.type(textbox(), 'Prices?{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const body = JSON.parse(fetchMock.mock.calls[1]![1]!.body as string) as { conversationId: string; history: unknown[] };
    expect(body.conversationId).toBe(firstId);
    expect(body.history).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'model', text: 'Hello there.', signature: SIGNATURE },
    ]);
  });
});
