/** A faint dotted grid fading out downwards; pure CSS, so nothing loads late or shifts. */
export function HeroBackdrop() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 -z-10 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] bg-size-[22px_22px] mask-b-from-10% mask-b-to-90% opacity-60"
    />
  );
}
