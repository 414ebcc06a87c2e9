/** Escapes text for HTML bodies of emails. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One call-to-action email in text and HTML. */
export function actionEmail(p: {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): { text: string; html: string } {
  const text = [
    p.greeting,
    '',
    ...p.paragraphs.flatMap((x) => [x, '']),
    ...(p.action ? [`${p.action.label}: ${p.action.url}`, ''] : []),
    p.footer ?? 'The Roomscale team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(p.greeting)}</p>
${p.paragraphs.map((x) => `<p>${escapeHtml(x)}</p>`).join('\n')}
${p.action ? `<p><a href="${escapeHtml(p.action.url)}" style="display:inline-block;background:#228be6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(p.action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(p.action.url)}</p>` : ''}
<p>${escapeHtml(p.footer ?? 'The Roomscale team')}</p>
</body></html>`;
  return { text, html };
}
