import { Loader, Overlay } from '@mantine/core';
import { shellTexts } from '@roomscale/shared';

/**
 * What a dialog or viewer that loads on demand (`lazyPart`) shows in the instant its code is
 * still on its way: the dimmed page with a loader, where the dialog then opens.
 */
export function OverlayLoader() {
  return (
    <Overlay fixed center zIndex={200} backgroundOpacity={0.35}>
      <Loader color="white" role="status" aria-label={shellTexts.loading} />
    </Overlay>
  );
}
