import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { CircleCheck } from 'lucide-react';
import { ButtonLink } from '../../ui/Button';
import { readText, safeLocalStorage } from '../../lib/storage';
import { PENDING_PAYMENT_KEY } from './pendingPaymentKey';

/**
 * On every page but /payment, while this browser holds a payment that was taken but never confirmed (its tab closed
 * first, say): a way back to finish it, which signs the buyer in. Without it a buyer who paid and came back to the
 * home page had no way in but "Forgot password?". At the bottom, so nothing on the page moves for it.
 */
export function PendingPaymentNotice() {
  const { pathname } = useLocation();
  const pending = useSyncExternalStore(subscribeToOtherTabs, hasPendingPayment, () => false);
  if (!pending || pathname === '/payment') return null;
  return (
    <Notice role="status" aria-label="Payment to finish">
      <CircleCheck aria-hidden="true" size={22} />
      <p>
        <strong>Your payment went through.</strong> Finish setting up your account to see your plan.
      </p>
      <ButtonLink to="/payment">Finish setting up</ButtonLink>
    </Notice>
  );
}

const hasPendingPayment = () => readText(safeLocalStorage(), PENDING_PAYMENT_KEY) !== null;

/** Another tab that verifies the payment (or takes one) changes what this one shows. */
function subscribeToOtherTabs(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

// Sticky just above the footer: held at the bottom of the screen until the page's end comes into view, and then in
// its own place, so it never covers the footer.
const Notice = styled.div`
  position: sticky;
  z-index: 40;
  bottom: ${({ theme }) => theme.space(4)};
  width: min(40rem, calc(100% - 2rem));
  margin: ${({ theme }) => theme.space(4)} auto;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.line};
  border-left: 4px solid ${({ theme }) => theme.color.success};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.success};
  }
  p {
    flex: 1 1 16rem;
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
  a {
    flex: none;
    margin-left: auto;
  }
`;
