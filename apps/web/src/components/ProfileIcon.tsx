import { Avatar, type AvatarProps } from '@mantine/core';
import { profileIconSizes } from '@roomscale/shared';

type Props = {
  /** Full name or email: the first letter is the fallback. */
  name: string;
  /** Picture URL; when missing or when it fails to load, the initial shows (part1 §8). */
  src?: string | null;
  size?: keyof typeof profileIconSizes;
} & Omit<AvatarProps, 'size' | 'src' | 'children'>;

/** A user's or team's picture, falling back to the initial letter. */
export function ProfileIcon({ name, src, size = 'default', ...rest }: Props) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar
      src={src ?? null}
      alt={name}
      size={profileIconSizes[size]}
      radius="xl"
      color="indigo"
      variant="light"
      {...rest}
    >
      {initial}
    </Avatar>
  );
}
