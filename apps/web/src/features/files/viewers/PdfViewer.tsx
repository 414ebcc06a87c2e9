import { Loader, Stack, Text } from '@mantine/core';
import { fileViewerTexts } from '@roomscale/shared';
import { useEffect, useRef, useState } from 'react';

/** Pages drawn in the lightbox; longer documents say so and offer the download. */
const MAX_PAGES = 30;

/**
 * A PDF in the lightbox, drawn with pdf.js onto canvases. An `<iframe>` cannot be used: the
 * signed address answers `Content-Disposition: attachment`, so the browser would save it, and
 * the CSP forbids `<object>`. pdf.js and its worker (same origin, allowed by `script-src
 * 'self'`) load on first use. Eval stays off, as the CSP requires.
 */
export function PdfViewer({ src, title }: { src: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; shown: number } | 'loading' | 'failed'>(
    'loading',
  );

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url: src, isEvalSupported: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      const shown = Math.min(doc.numPages, MAX_PAGES);
      if (cancelled) return;
      setState({ pages: doc.numPages, shown });
      const width = Math.min(host.current?.clientWidth || 1000, 1200);
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= shown && !cancelled; n += 1) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.maxWidth = '100%';
        canvas.style.background = '#fff';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}: ${fileViewerTexts.pdfPage(n, doc.numPages)}`);
        if (cancelled) break;
        host.current?.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    })().catch((e) => {
      if (cancelled) return;
      console.warn('PDF preview failed', e);
      setState('failed');
    });
    return () => {
      cancelled = true;
      destroy?.();
      host.current?.replaceChildren();
    };
  }, [src, title]);

  return (
    <Stack
      align="center"
      gap="md"
      w="100%"
      h="100%"
      style={{ overflow: 'auto' }}
      py="md"
      // Scrollable by keyboard too.
      tabIndex={0}
      aria-label={title}
    >
      {state === 'loading' && <Loader color="gray" aria-label={title} />}
      {state === 'failed' && <Text c="gray.3">{fileViewerTexts.loadFailed}</Text>}
      <Stack ref={host} align="center" gap="md" w="100%" />
      {typeof state === 'object' && state.pages > state.shown && (
        <Text c="gray.3" size="sm">
          {fileViewerTexts.pdfMore(state.shown, state.pages)}
        </Text>
      )}
    </Stack>
  );
}
