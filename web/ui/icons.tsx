/** Small inline icons (no icon font or emoji: they render the same on every phone). */
export const iconBase = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

export function CartIcon({ size = 24 }: { size?: number }) {
  return (
    <svg {...iconBase} width={size} height={size} viewBox="0 0 24 24">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 7H6" />
    </svg>
  );
}

export function MenuIcon({ size = 24 }: { size?: number }) {
  return (
    <svg {...iconBase} width={size} height={size} viewBox="0 0 24 24">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
