import { useEffect, useId, useRef, useState } from 'react';
import { ServiceError } from '../api';
import { useConsole } from '../context';
import { serviceLine } from '../i18n';

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
 *
 * For keyboard and screen-reader users: the focus goes to the panel's heading when it opens (and
 * when it says what was done or refused), to "Make the change" once the dry run has answered, and
 * back to the action's button when it closes. What a dry run found and what was done are said once,
 * in the page's one live region (App.tsx), never by a region inserted already filled; a refusal is an
 * alert, which screen readers announce as it appears.
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
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const shown = useRef<Step['kind']>('closed');
  useEffect(() => {
    if (shown.current === step.kind) return;
    shown.current = step.kind;
    if (step.kind === 'closed') opener.current?.focus();
    else if (step.kind === 'checked') confirm.current?.focus();
    else heading.current?.focus();
  }, [step.kind]);
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
      announce(
        dryRun
          ? serviceLine(answer.lines.join('; '))
          : texts.rich('done', { line: serviceLine(answer.lines[0] ?? '') }),
      );
    } catch (error) {
      // Said by the refusal itself (an alert, which screen readers announce as it appears).
      setStep({ kind: 'refused', error: error as Error });
    } finally {
      setBusy(false);
    }
  };
  if (step.kind === 'closed')
    return (
      <button type="button" ref={opener} onClick={() => setStep({ kind: 'open' })}>
        {label}
      </button>
    );
  const missingReason = requiresReason && !reason.trim();
  return (
    <section className="action" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
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
      {step.kind === 'checked' && <ServiceLines className="diff" lines={step.lines} />}
      {step.kind === 'done' && <p className="done">{texts.rich('done', { line: serviceLine(step.lines[0] ?? '') })}</p>}
      {step.kind === 'refused' && <Refusal env={env} error={step.error} />}
      <div className="buttons">
        {step.kind === 'open' && (
          <button type="button" disabled={busy || missingReason} onClick={() => void send(true)}>
            {texts.t('check')}
          </button>
        )}
        {step.kind === 'checked' && (
          <button
            type="button"
            ref={confirm}
            className="primary"
            disabled={busy || missingReason}
            onClick={() => void send(false)}
          >
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

/** Lines the release service wrote (a dry run's, a refusal's): English, left to right. */
function ServiceLines({ lines, className }: { lines: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {lines.map((line, index) => (
        <li key={index}>
          <code lang="en" dir="ltr">
            {line}
          </code>
        </li>
      ))}
    </ul>
  );
}

/** A refusal in the page's language, the service's own words in English. */
function Refusal({ env, error }: { env: string; error: ServiceError | Error }) {
  const { texts } = useConsole();
  const code = error instanceof ServiceError ? error.code : '';
  const message = serviceLine(`${error.message}${code ? ` (${code})` : ''}`);
  return (
    <div role="alert" className="problem" data-code={code}>
      <p>
        {code === 'RELEASE_CONFLICT'
          ? texts.rich('conflict', { env, message })
          : code === 'CONSOLE_FORBIDDEN' || code === 'CONSOLE_UNAUTHORIZED' || code === 'CONSOLE_SIGN_IN'
            ? texts.rich('forbidden', { message })
            : texts.rich('refused', { message })}
      </p>
      {error instanceof ServiceError && error.lines.length > 0 && <ServiceLines lines={error.lines} />}
    </div>
  );
}
