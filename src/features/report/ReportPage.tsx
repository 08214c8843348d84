import { usePageMeta } from '../../ui/usePageMeta';
import { HoldingPage } from '../../ui/HoldingPage';
import { ButtonLink } from '../../ui/Button';

export function ReportPage() {
  usePageMeta('Your Growth Strategy', 'Your personalised digital growth strategy: recommended plan, investment and projected results.');
  return (
    <HoldingPage
      title="Your personalised growth strategy"
      actions={
        <>
          <ButtonLink to="/get-started">Start the quiz</ButtonLink>
          <ButtonLink to="/contact" $variant="secondary">
            Book Free Consultation
          </ButtonLink>
        </>
      }
    >
      <p>Your report appears here after you answer the growth quiz.</p>
    </HoldingPage>
  );
}
