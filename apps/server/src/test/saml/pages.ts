/** The test identity provider's HTML pages. Every value is escaped; nothing comes from files. */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main>
<h1>Test identity provider</h1>
${body}
</main></body>
</html>
`;

/** The sign-in form for one pending AuthnRequest. */
export function signInPage(pending: string, spIssuer: string, error?: string) {
  return page(
    'Sign in – Test identity provider',
    `<p>Sign in to ${escapeHtml(spIssuer)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sso/login">
<input type="hidden" name="pending" value="${escapeHtml(pending)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

/**
 * The HTTP-POST binding: a form that posts SAMLResponse (and RelayState) to the SP's consumer
 * URL, submitted by an inline script, with a visible Continue button when scripts do not run.
 */
export function postBindingPage(
  acsUrl: string,
  samlResponse: string,
  relayState: string | undefined,
) {
  return page(
    'Signing in – Test identity provider',
    `<form method="post" action="${escapeHtml(acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">
${relayState === undefined ? '' : `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">`}
<p>Returning you to the application…</p>
<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit();</script>`,
  );
}

export function errorPage(message: string) {
  return page('Error – Test identity provider', `<p role="alert">${escapeHtml(message)}</p>`);
}
