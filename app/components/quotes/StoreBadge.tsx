import { storeInitials } from "~/models/quotes/stores";

/** A store's logo, or its initials in a badge when the directory has no logo; decorative beside the store's name. */
export function StoreBadge({ name, logo, size = "md" }: { name: string; logo: string | null; size?: "sm" | "md" }) {
  const box = size === "sm" ? "size-7 text-xs" : "size-12 text-base";
  if (logo) return <img src={logo} alt="" className={`${box} shrink-0 rounded-lg object-contain`} loading="lazy" />;
  return (
    <span aria-hidden="true" className={`${box} inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-soft font-bold text-brand-strong`}>
      {storeInitials(name)}
    </span>
  );
}
