import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The submit button of a form that submits itself on change once JavaScript
 * runs. Before that it is the only way to send the form; after, it stays for
 * screen readers but takes no room.
 */
export function SubmitUntilHydrated({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={hydrated ? "sr-only" : "rounded bg-brand px-2 py-1.5 text-sm font-semibold text-on-brand"}>
      {children}
    </button>
  );
}
