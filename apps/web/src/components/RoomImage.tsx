import { Box, type BoxProps } from '@mantine/core';
import { IconCube } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './RoomImage.module.css';

/**
 * Addresses worth trying: this server or https. Others (http, data) would only log a violation,
 * so they show the placeholder at once. The Content-Security-Policy allows only this server and
 * the hosts the configuration names (storage, tutorials); an https image elsewhere fails to load
 * and shows the placeholder too.
 */
export const isLoadable = (src: string) => /^\/(?!\/)/.test(src) || /^https:\/\//i.test(src);

type Props = BoxProps & {
  src: string | null | undefined;
  /** Width / height; 16:9 by default. */
  ratio?: number;
  /** Shown on the placeholder when there is no image. */
  placeholder?: string;
  /** Shown on the placeholder when the image does not load (default: `placeholder`). */
  failedText?: string;
  radius?: string;
};

/**
 * A room or template picture with a calm placeholder when it is missing or does not load.
 * Decorative: the room's name is always next to it.
 */
export function RoomImage({ src, ratio = 16 / 9, placeholder, failedText, radius, ...box }: Props) {
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address gets a new chance
  useEffect(() => setFailed(false), [src]);
  const show = src && isLoadable(src) && !failed;
  const text = src ? (failedText ?? placeholder) : placeholder;
  return (
    <Box
      {...box}
      className={classes.frame}
      style={{ aspectRatio: String(ratio), borderRadius: radius }}
    >
      {show ? (
        <img src={src} alt="" className={classes.image} onError={() => setFailed(true)} />
      ) : (
        <div className={classes.placeholder}>
          <IconCube size={32} stroke={1.4} aria-hidden />
          {text && <span className={classes.placeholderText}>{text}</span>}
        </div>
      )}
    </Box>
  );
}
