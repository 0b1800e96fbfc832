/** The product's mark (the same drawing as public/favicon.svg). Decorative: name it with text beside it. */
export const Logo = ({ size }: { size?: number }) => (
  <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
    <rect width="64" height="64" rx="14" fill="#a34100" />
    <path d="M14 46V22l18-10 18 10v24H38V32H26v14z" fill="#fff" />
  </svg>
);
