import { Center, Loader } from '@mantine/core';
import { shellTexts } from '@roomscale/shared';

/**
 * A centered loader while a page or the route guard resolves. `fullPage` fills the viewport.
 * `data-page-loader` lets the signed-in shell keep its footer back while a page is loading
 * (features/shell/AppLayout.module.css), so the footer does not show under the loader and then
 * jump down when the page arrives.
 */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : 320} role="status" aria-live="polite" data-page-loader>
      <Loader aria-label={shellTexts.loading} />
    </Center>
  );
}
