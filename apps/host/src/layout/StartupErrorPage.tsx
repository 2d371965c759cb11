interface Props {
  readonly title: string;
  readonly message: string;
  readonly actionLabel: string;
  readonly onAction: () => void;
}

/** Full-page message for failures before the app can render (config, manifest, sign-in callback). */
export function StartupErrorPage({ title, message, actionLabel, onAction }: Props) {
  return (
    <main>
      <div role="alert" className="panel error" data-testid="startup-error">
        <h1>{title}</h1>
        <p>{message}</p>
        <p>
          <button type="button" onClick={onAction}>
            {actionLabel}
          </button>{' '}
          <a href="/">Go to the home page</a>
        </p>
      </div>
    </main>
  );
}
