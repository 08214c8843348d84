import styled from 'styled-components';
import { RefreshCw } from 'lucide-react';
import type { MailRow } from '../../domain/admin';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';
import { MailBadge } from './columns';
import { Pair, Part } from './DetailBodies';
import { formatTime } from './format';
import { InboxActor } from './inboxActor';
import { attachmentLine, mailStanding } from './mailWords';
import { Facts, Mono, Muted } from './styles';

/**
 * An email of Outgoing mail as its recipient gets it: the envelope, the HTML part drawn in a sandboxed frame (no
 * scripts, no access to this page, which CSP's frame-src 'none' still allows for srcdoc), and the plain-text part.
 */
export function MailDetail({ row }: { row: MailRow }) {
  const message = InboxActor.useSelector((state) => state.context.message);
  const reading = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'reading' } }));
  const canRetry = InboxActor.useSelector((state) => state.can({ type: 'inbox.retry' }));
  const { send } = InboxActor.useActorRef();
  return (
    <>
      <Facts>
        <Pair label="To" value={row.to} />
        <Pair label="Subject" value={row.subject} />
        <dt>Status</dt>
        <dd>
          <MailBadge row={row} />
          <Standing>{mailStanding(row)}</Standing>
        </dd>
        <dt>Kind</dt>
        <dd>
          <Mono>{row.kind}</Mono>
        </dd>
        <Pair label="Created" value={formatTime(row.createdAt)} />
        {row.sentAt && <Pair label="Sent" value={formatTime(row.sentAt)} />}
        {message && message.attachments.length > 0 && (
          <Pair label="Attachments" value={message.attachments.map(attachmentLine).join('\n')} />
        )}
      </Facts>
      <Part title="The email as the recipient sees it">
        {message ? (
          <Frame title={`The email to ${row.to}`} sandbox="" srcDoc={message.html} referrerPolicy="no-referrer" />
        ) : reading ? (
          <Placeholder aria-hidden="true">
            <Spinner />
          </Placeholder>
        ) : (
          canRetry && (
            <Missing>
              <p>The email could not be shown.</p>
              <Button type="button" $variant="secondary" onClick={() => send({ type: 'inbox.retry' })}>
                <RefreshCw aria-hidden="true" size={18} /> Try again
              </Button>
            </Missing>
          )
        )}
      </Part>
      {message && (
        <Part title="Plain-text part">
          <Muted>What mail apps that do not show HTML display, and what spam filters read.</Muted>
          <details>
            <summary>Show the plain text</summary>
            <PlainText>{message.text}</PlainText>
          </details>
        </Part>
      )}
    </>
  );
}

const Standing = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
`;

/** A set height: this page cannot measure a sandboxed frame's content. Most emails fit; a long one scrolls inside. */
const frameBox = `
  width: 100%;
  height: min(40rem, 72vh);
`;

const Frame = styled.iframe`
  ${frameBox}
  display: block;
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #f4f6fb;
`;

const Placeholder = styled.div`
  ${frameBox}
  display: grid;
  place-items: center;
  border: 1px dashed ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.muted};
`;

const Missing = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
  text-align: center;
`;

const PlainText = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.size.xs};
  line-height: 1.6;
  white-space: pre-wrap;
  ${media.sm} {
    font-size: ${({ theme }) => theme.size.sm};
  }
  overflow-wrap: anywhere;
`;
