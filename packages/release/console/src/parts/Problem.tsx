import { ServiceError } from '../api';
import { useConsole, type Resource } from '../context';

/** What went wrong reading a resource, said plainly; what was shown before stays (the page keeps it). */
export function Problem({ resource }: { resource: Resource<unknown> }) {
  const { texts } = useConsole();
  if (!resource.error) return null;
  const error = resource.error;
  const message = error instanceof ServiceError ? `${error.message} (${error.code})` : error.message;
  return (
    <p className="problem" role="alert">
      {error instanceof ServiceError && error.code === 'CONSOLE_SIGN_IN'
        ? texts.t('signInToRead')
        : error instanceof ServiceError && error.status === 404
          ? texts.t('notFound', { message })
          : texts.t('failed', { message })}
    </p>
  );
}
