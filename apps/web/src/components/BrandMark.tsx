import { useId } from 'react';

/** The product mark, inline: nothing is loaded from elsewhere. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#339af0" />
          <stop offset="1" stopColor="#5f3dc4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M7 21V11l9-4 9 4v10l-9 4z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M7 11l9 4 9-4M16 15v10" fill="none" stroke="#fff" strokeWidth="1.4" opacity=".7" />
    </svg>
  );
}
