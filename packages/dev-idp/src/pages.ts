/** HTML of the dev provider's own pages: plain, offline (no web fonts), clearly marked as development-only. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Dev sign-in</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;background:#eef1f5;margin:0}
.dev{background:#b42318;color:#fff;padding:.5rem 1rem;font-weight:700;text-align:center}
.box{max-width:22rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
.actions{display:flex;gap:.5rem;margin-top:1rem}button{font:inherit;padding:.5rem 1rem;cursor:pointer}
.error{color:#b42318}.hint{color:#555;font-size:.9rem}
</style></head>
<body><header class="dev">DEVELOPMENT-ONLY SIGN-IN PROVIDER — never use in production</header>
<main class="box">${body}</main></body></html>`;
}

export function loginPage(options: {
  uid: string;
  clientName: string;
  error?: string;
  username?: string;
  hint: string;
}): string {
  const { uid, clientName, error, username, hint } = options;
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to <strong>${escapeHtml(clientName)}</strong></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(username ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">Sign in</button>
<button type="submit" formaction="/interaction/${escapeHtml(uid)}/abort" formnovalidate>Cancel</button></div>
</form>
<p class="hint">${escapeHtml(hint)}</p>`,
  );
}

export function logoutPage(form: string): string {
  // The relying party asked to end the session (with its id_token_hint): confirm automatically.
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Signing out',
    `<h1>Signing you out…</h1>${confirmed}
<button type="submit" form="op.logoutForm">Continue</button>
<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
