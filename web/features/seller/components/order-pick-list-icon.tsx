/** The sidebar icon of the pick list: a clipboard with a tick (decorative, in the text colour). */
export function PickListIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={true}
      focusable={false}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={className}
    >
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="m9 13 2 2 4-4" />
    </svg>
  );
}
