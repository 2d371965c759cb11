import { useId, useState } from 'react';
import { ServiceError } from '../api';
import { useConsole } from '../context';

/** An action on an environment, as the service's API takes it (console-api.ts). */
export type ActionRequest =
  | { readonly action: 'rollback'; readonly to?: number }
  | { readonly action: 'promote'; readonly from: string; readonly remotes?: readonly string[] }
  | { readonly action: 'pause' | 'resume' | 'abort'; readonly remote: string };

type Step =
  | { readonly kind: 'closed' }
  | { readonly kind: 'open' }
  | { readonly kind: 'checked'; readonly lines: readonly string[] }
  | { readonly kind: 'done'; readonly lines: readonly string[] }
  | { readonly kind: 'refused'; readonly error: ServiceError | Error };

/**
 * One action, guarded as the command line guards it: a reason where the environment asks for one,
 * what it would change first (a dry run), then the change, made only if the environment is still at
 * the revision the page showed (a change meanwhile is refused, and said).
 */
export function ActionPanel({
  env,
  expect,
  requiresReason,
  label,
  request,
}: {
  env: string;
  expect: number;
  requiresReason: boolean;
  label: string;
  request: ActionRequest;
}) {
  const { api, texts, announce } = useConsole();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const send = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const answer = await api.post<{ lines: string[] }>(`/api/envs/${encodeURIComponent(env)}/actions`, {
        ...request,
        reason,
        expect,
        ...(dryRun ? { dryRun: true } : {}),
      });
      setStep(dryRun ? { kind: 'checked', lines: answer.lines } : { kind: 'done', lines: answer.lines });
      if (!dryRun) announce(texts.t('done', { line: answer.lines[0] ?? '' }));
    } catch (error) {
      setStep({ kind: 'refused', error: error as Error });
    } finally {
      setBusy(false);
    }
  };
  if (step.kind === 'closed')
    return (
      <button type="button" onClick={() => setStep({ kind: 'open' })}>
        {label}
      </button>
    );
  const missingReason = requiresReason && !reason.trim();
  return (
    <section className="action" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {label} ({env})
      </h3>
      {(step.kind === 'open' || step.kind === 'checked') && (
        <>
          <label htmlFor={`${id}-reason`}>
            {requiresReason ? texts.t('reasonRequired', { env }) : texts.t('reason')}
          </label>
          <input
            id={`${id}-reason`}
            value={reason}
            required={requiresReason}
            aria-required={requiresReason}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      )}
      {step.kind === 'checked' && (
        <div role="status">
          <ul className="diff">
            {step.lines.map((line, index) => (
              <li key={index}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {step.kind === 'done' && (
        <p role="status" className="done">
          {texts.t('done', { line: step.lines[0] ?? '' })}
        </p>
      )}
      {step.kind === 'refused' && <Refusal env={env} error={step.error} />}
      <div className="buttons">
        {step.kind === 'open' && (
          <button type="button" disabled={busy || missingReason} onClick={() => void send(true)}>
            {texts.t('check')}
          </button>
        )}
        {step.kind === 'checked' && (
          <button type="button" className="primary" disabled={busy || missingReason} onClick={() => void send(false)}>
            {texts.t('confirm')}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            setStep({ kind: 'closed' });
            setReason('');
          }}
        >
          {texts.t('cancel')}
        </button>
      </div>
    </section>
  );
}

function Refusal({ env, error }: { env: string; error: ServiceError | Error }) {
  const { texts } = useConsole();
  const code = error instanceof ServiceError ? error.code : '';
  const message = `${error.message}${code ? ` (${code})` : ''}`;
  return (
    <div role="alert" className="problem" data-code={code}>
      <p>
        {code === 'RELEASE_CONFLICT'
          ? texts.t('conflict', { env, message })
          : code === 'CONSOLE_FORBIDDEN' || code === 'CONSOLE_UNAUTHORIZED' || code === 'CONSOLE_SIGN_IN'
            ? texts.t('forbidden', { message })
            : texts.t('refused', { message })}
      </p>
      {error instanceof ServiceError && error.lines.length > 0 && (
        <ul>
          {error.lines.map((line, index) => (
            <li key={index}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
