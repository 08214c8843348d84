import { usePageMeta } from '../../ui/usePageMeta';
import { HoldingPage } from '../../ui/HoldingPage';
import { ButtonLink } from '../../ui/Button';

export function QuizPage() {
  usePageMeta('Get Your Growth Plan', 'Answer 15 quick questions in English or Hindi and get a personalised digital growth plan for your business.');
  return (
    <HoldingPage
      title="Get your personalised growth plan"
      actions={
        <>
          <ButtonLink to="/pricing">Compare plans</ButtonLink>
          <ButtonLink to="/contact" $variant="secondary">
            Book a free consultation
          </ButtonLink>
        </>
      }
    >
      <p>
        Our 15-question growth quiz, in English and Hindi, opens here shortly. Meanwhile, compare our plans or book a
        free consultation and we will build your plan with you.
      </p>
    </HoldingPage>
  );
}
