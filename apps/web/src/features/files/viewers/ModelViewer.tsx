import { Loader } from '@mantine/core';
import { fileViewerTexts, previewThumbnail } from '@roomscale/shared';
import { createElement, useEffect, useRef, useState } from 'react';
import { scaleToWidth } from './modelThumbnail.ts';

/** The parts of `<model-viewer>` used here. */
type ModelViewerElement = HTMLElement & {
  toBlob(options?: {
    mimeType?: string;
    qualityArgument?: number;
    idealAspect?: boolean;
  }): Promise<Blob>;
};

/**
 * The 3D viewer (part2 §2): `<model-viewer>` with camera controls, no pan or zoom, AR through
 * Quick Look and Scene Viewer. The library is loaded on first use, so it stays out of the main
 * bundle. `onSnapshot` receives, once the model has loaded, a function making a 480 px wide
 * JPEG of the view.
 */
export function ModelViewer({
  src,
  poster,
  alt,
  onSnapshot,
}: {
  src: string;
  poster?: string | null;
  alt: string;
  onSnapshot?: (snapshot: () => Promise<Blob>) => void;
}) {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const ref = useRef<ModelViewerElement>(null);
  const snapshotRef = useRef(onSnapshot);
  snapshotRef.current = onSnapshot;

  useEffect(() => {
    let live = true;
    import('@google/model-viewer')
      .then(() => live && setReady(true))
      .catch((e) => {
        console.warn('3D viewer not loaded', e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onLoad = () => {
      snapshotRef.current?.(async () =>
        // A lossless frame, encoded once as the JPEG thumbnail.
        scaleToWidth(await el.toBlob({ mimeType: 'image/png' }), previewThumbnail.width),
      );
    };
    const onError = () => setFailed(true);
    el.addEventListener('load', onLoad, { once: true });
    el.addEventListener('error', onError);
    return () => {
      el.removeEventListener('load', onLoad);
      el.removeEventListener('error', onError);
    };
  }, [ready]);

  if (failed) return <p>{fileViewerTexts.loadFailed}</p>;
  if (!ready) return <Loader color="gray" aria-label={alt} />;
  return createElement('model-viewer', {
    ref,
    src,
    poster: poster ?? undefined,
    alt,
    'camera-controls': '',
    'disable-pan': '',
    'disable-zoom': '',
    ar: '',
    'ar-modes': 'quick-look scene-viewer',
    'shadow-intensity': '1',
    style: { width: '100%', height: '100%', backgroundColor: 'transparent' },
  });
}
