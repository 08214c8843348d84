import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Container, Section } from '../../ui/layout';
import { AuthActor } from '../../lib/auth/AuthActor';
import { livePaymentMachine, PaymentActor } from './paymentActor';
import { PaymentScreen } from './PaymentScreen';
import { paymentInputFor } from './paymentInput';

/**
 * /payment, the provider edge of the payment machine (docs/decisions/092-payment-page-and-resume.md). It needs the
 * plan and the buyer's details handed over in router state, or a payment taken before a reload and not yet verified;
 * without them, or for a plan not sold online (Scale Up), the visitor goes back to /pricing.
 */
export function PaymentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = AuthActor.useActorRef();
  // Read once per visit.
  const input = useMemo(() => paymentInputFor(location.state), [location.state]);

  const logic = useMemo(() => livePaymentMachine({ auth, navigate: (to) => navigate(to, { replace: true }) }), [auth, navigate]);

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
