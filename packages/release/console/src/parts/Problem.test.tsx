import { render, screen } from '@testing-library/react';
import { ServiceError } from '../api';
import { ConsoleContext, type ConsoleServices, type Resource } from '../context';
import { textsFor } from '../i18n';
import { Problem } from './Problem';

const failed = (error: Error): Resource<unknown> => ({
  data: undefined,
  error,
  loading: false,
  at: undefined,
  reload: () => undefined,
});

function renderProblem(error: Error, locale: 'en' | 'de' = 'en') {
  const services = { texts: textsFor(locale) } as unknown as ConsoleServices;
  render(
    <ConsoleContext.Provider value={services}>
      <Problem resource={failed(error)} />
    </ConsoleContext.Provider>,
  );
  return screen.getByRole('alert').textContent;
}

test('a console that shows itself to people signed in asks a signed-out reader to sign in, not that the service did not answer', () => {
  const refusal = new ServiceError(401, 'CONSOLE_SIGN_IN', 'Sign in to read the release console.');
  expect(renderProblem(refusal)).toBe('This console shows its environments to people signed in: sign in to read it.');
});

test('a service that did not answer is said so, with its message', () => {
  expect(renderProblem(new Error('Failed to fetch'))).toBe(
    'The release service did not answer (Failed to fetch). It keeps trying; what is shown may be old.',
  );
});
