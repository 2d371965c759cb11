import { useState, type FormEvent } from 'react';
import { isPlatformError } from '@mfe/context';
import { useHostServices } from '../host-services/hooks';
import { checkOverride, policyOf, saveOverride } from '../remotes/overrides';

/** On /diagnostics, when the runtime config enables overrides: point one remote at another build. */
export function OverrideForm() {
  const { config, manifest } = useHostServices();
  const policy = policyOf(config);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!policy.enabled) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('remote') ?? '');
    try {
      // Checked before anything is stored or fetched.
      const entry = checkOverride(policy, manifest.remotes, name, String(form.get('entry') ?? '').trim());
      saveOverride(name, entry);
      window.location.reload();
    } catch (error) {
      setRefusal(isPlatformError(error) ? error.message : String(error));
    }
  };
  return (
    <section aria-labelledby="overrides-title">
      <h2 id="overrides-title">Developer overrides</h2>
      <p>
        Load one remote from another build for this tab only (allowed origins: {policy.allowedOrigins.join(', ')}). A
        banner shows while any is active.
      </p>
      <form onSubmit={submit} data-testid="override-form">
        <label>
          Remote{' '}
          <select name="remote">
            {manifest.remotes.map((remote) => (
              <option key={remote.name} value={remote.name}>
                {remote.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Entry URL{' '}
          <input name="entry" type="url" required placeholder="http://localhost:3001/mf-manifest.json" size={48} />
        </label>{' '}
        <button type="submit">Override</button>
      </form>
      {refusal && (
        <p role="alert" data-testid="override-refused">
          {refusal}
        </p>
      )}
    </section>
  );
}
