import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { PaymentInput } from '../../../machines/payment.machine';
import { usePageMeta } from '../../ui/usePageMeta';
import { Container, Section } from '../../ui/layout';
import { isCheckoutHandoff } from '../../domain/checkout';
import { priceOf } from '../../domain/payment';
import { loadQuizDraft } from '../../lib/draftStorage';
import { useAuthActions, useAuthStore } from '../../lib/auth/hooks';
import { livePaymentMachine, PaymentActor } from './paymentActor';
import { PaymentScreen } from './PaymentScreen';
import { loadPendingPayment } from './pendingPayment';

/**
 * /payment, the provider edge of the payment machine (docs/decisions/092-payment-page-and-resume.md). It needs the
 * plan and the buyer's details handed over in router state, or a payment taken before a reload and not yet verified;
 * without them, or for a plan not sold online (Scale Up), the visitor goes back to /pricing.
 */
export function PaymentPage() {
  usePageMeta('Secure Checkout', 'Activate your GrowthPath plan: one-time setup fee plus your first month.');
  const location = useLocation();
  const navigate = useNavigate();
  const store = useAuthStore();
  const { signInWithToken } = useAuthActions();
  // Read once per visit: a pending payment outranks the hand-off (its money is already taken).
  const input = useMemo((): PaymentInput | null => {
    const pending = loadPendingPayment();
    if (pending) return { plan: pending.plan, customer: pending.userDetails, pending };
    const handoff = isCheckoutHandoff(location.state) ? location.state : null;
    if (!handoff || !priceOf(handoff.plan)) return null;
    const draft = loadQuizDraft()?.answers;
    const prefill = draft ? { fullName: draft.fullName, email: draft.email, phone: draft.phone } : null;
    return { plan: handoff.plan, customer: handoff.userDetails, prefill };
  }, [location.state]);

  const logic = useMemo(
    () =>
      livePaymentMachine({
        auth: store,
        signInWithToken,
        // The server signs an existing account back in only for that account's own ID token (decision 090).
        idToken: async () => {
          if (store.getSnapshot().status !== 'signedIn') return undefined;
          const firebase = await import('../../lib/firebase');
          return firebase
            .firebaseAuth()
            .idToken()
            .catch(() => undefined);
        },
        navigate: (to) => navigate(to, { replace: true }),
      }),
    [store, signInWithToken, navigate],
  );

  if (!input) return <Navigate to="/pricing" replace />;
  return (
    <Section>
      <Container $narrow>
        <PaymentActor.Provider key={location.key} logic={logic} options={{ input }}>
          <PaymentScreen />
        </PaymentActor.Provider>
      </Container>
    </Section>
  );
}
