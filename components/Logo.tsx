/** The Balcão mark: a speech bubble holding a service counter. Same drawing as static/logo.svg. */
export interface LogoProps {
  size?: number;
  class?: string;
  /** Accessible name; leave empty when the word "Balcão" sits next to the mark. */
  title?: string;
}

export function Logo({ size = 32, class: className, title }: LogoProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      class={className}
      role={title ? "img" : undefined}
      aria-label={title || undefined}
      aria-hidden={title ? undefined : "true"}
    >
      <defs>
        <linearGradient id="balcao-logo-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#0ea583" />
          <stop offset="1" stop-color="#086b58" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#balcao-logo-fill)" />
      <path
        d="M16 20.5A6.5 6.5 0 0 1 22.5 14h19A6.5 6.5 0 0 1 48 20.5v13a6.5 6.5 0 0 1-6.5 6.5H30l-8.5 7.5V40h-1A4.5 4.5 0 0 1 16 35.5Z"
        fill="#fff"
      />
      <path d="M23.5 27.5h17" stroke="#08836a" stroke-width="4" stroke-linecap="round" />
      <path d="M27 21.5h10" stroke="#6fdcbf" stroke-width="3" stroke-linecap="round" />
    </svg>
  );
}
