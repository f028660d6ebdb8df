import { useId } from 'react';

export interface LogoProps {
  /** Dark variant: light text for dark backgrounds. */
  dark?: boolean;
  width?: number;
}

/** The Flowloom wordmark (SPEC §9: 150 px wide), with a light and a dark variant. */
export function Logo({ dark = false, width = 150 }: LogoProps) {
  const gradient = useId();
  const textColor = dark ? '#F3F4F8' : '#151827';
  return (
    <svg
      width={width}
      height={(width * 36) / 150}
      viewBox="0 0 150 36"
      role="img"
      aria-label="Flowloom"
      data-variant={dark ? 'dark' : 'light'}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6D6DF2" />
          <stop offset="1" stopColor="#14B8A6" />
        </linearGradient>
      </defs>
      <rect x="1" y="3" width="30" height="30" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M7 13c4-4 7 4 11 0s7-4 7 0M7 19c4-4 7 4 11 0s7-4 7 0M7 25c4-4 7 4 11 0s7-4 7 0"
        fill="none"
        stroke="#fff"
        strokeWidth="2.1"
        strokeLinecap="round"
      />
      <path d="M12 8v20M20 8v20" stroke="#fff" strokeOpacity="0.35" strokeWidth="1.4" strokeLinecap="round" />
      <text
        x="39"
        y="25.5"
        fill={textColor}
        fontFamily="Inter, Roboto, Arial, sans-serif"
        fontSize="20"
        fontWeight="700"
        letterSpacing="-0.4"
      >
        Flow
        <tspan fill={dark ? '#A5A6FA' : '#5B5BD6'}>loom</tspan>
      </text>
    </svg>
  );
}
