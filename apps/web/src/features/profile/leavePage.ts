/**
 * Sends the browser to another site (an identity provider's or Meta's sign-in), which comes back
 * to the dashboard on its own. A full navigation, not the router: the page is left.
 */
export function sendBrowserTo(url: string) {
  window.location.assign(url);
}
