import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../render';
import { QuizPage } from '../../src/features/quiz/QuizPage';
import { AuthActor } from '../../src/lib/auth/AuthActor';
import { authStoreAt } from '../authSnapshots';

describe('QuizPage', () => {
  it('renders the language choice', async () => {
    renderWithApp(
      <AuthActor.Provider store={authStoreAt('signedOut')}>
        <QuizPage />
      </AuthActor.Provider>,
    );
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
  });
});
