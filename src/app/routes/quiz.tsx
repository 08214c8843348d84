import { pageMeta } from '../meta';

export { QuizPage as default } from '../../features/quiz/QuizPage';

export const meta = () =>
  pageMeta({
    path: '/get-started',
    title: 'Get Your Growth Plan',
    description: 'Answer 15 quick questions in English or Hindi and get a personalised digital growth plan for your business.',
    private: true,
  });
