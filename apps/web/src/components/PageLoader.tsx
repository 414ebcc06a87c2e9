import { Center, Loader } from '@mantine/core';
import { shellTexts } from '@roomscale/shared';

/** A centered loader while a page or the route guard resolves. `fullPage` fills the viewport. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : 320} role="status" aria-live="polite">
      <Loader aria-label={shellTexts.loading} />
    </Center>
  );
}
