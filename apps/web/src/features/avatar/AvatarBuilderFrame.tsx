import { Center, Loader } from '@mantine/core';
import { publicTexts } from '@roomscale/shared';
import { useEffect, useRef, useState } from 'react';
import { builderOrigin, parseAvatarMessage, subscribeMessage } from './avatarMessage.ts';
import classes from './CreateAvatarPage.module.css';

type Props = {
  url: string;
  /** Called once per exported avatar with the model's URL. */
  onExported: (avatarUrl: string) => void;
};

/**
 * The third-party avatar builder in a frame. Only messages from the builder's own origin and
 * from this frame's window count.
 */
export function AvatarBuilderFrame({ url, onExported }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const origin = builderOrigin(url);
  const exported = useRef(onExported);
  exported.current = onExported;

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const win = frame.current?.contentWindow;
      if (event.origin !== origin || !win || event.source !== win) return;
      const message = parseAvatarMessage(event.data);
      if (message?.type === 'ready') win.postMessage(subscribeMessage, origin);
      if (message?.type === 'exported') exported.current(message.url);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  return (
    <div className={classes.frameBox}>
      {!loaded && (
        <Center className={classes.frameLoading} role="status" aria-live="polite">
          <Loader aria-label={publicTexts.avatar.builderLoading} />
        </Center>
      )}
      <iframe
        ref={frame}
        src={url}
        title={publicTexts.avatar.frameTitle}
        className={classes.frame}
        allow="camera *; microphone *; clipboard-write"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
