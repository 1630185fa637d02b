import { useNavigation } from "@remix-run/react";
import { useAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { navigationFailedAtom } from "~/state/ui";

// Spec 4: the bar creeps for 2 s, shows only for loads longer than 200 ms,
// hides 500 ms after the load ends and resets 400 ms after that.
export const PROGRESS_BAR = { durationMs: 2000, throttleMs: 200, hideDelayMs: 500, resetDelayMs: 400 } as const;

type Phase = "idle" | "running" | "finishing" | "hidden";

export function ProgressBar() {
  const navigation = useNavigation();
  const [failed, setFailed] = useAtom(navigationFailedAtom);
  const [phase, setPhase] = useState<Phase>("idle");
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const loading = navigation.state !== "idle";

  useEffect(() => {
    const clear = () => timers.current.splice(0).forEach(clearTimeout);
    clear();
    if (loading) {
      setFailed(false);
      timers.current.push(setTimeout(() => setPhase("running"), PROGRESS_BAR.throttleMs));
    } else {
      setPhase((current) => (current === "running" ? "finishing" : current));
      timers.current.push(
        setTimeout(() => setPhase((current) => (current === "finishing" ? "hidden" : current)), PROGRESS_BAR.hideDelayMs),
        setTimeout(
          () => setPhase((current) => (current === "hidden" ? "idle" : current)),
          PROGRESS_BAR.hideDelayMs + PROGRESS_BAR.resetDelayMs,
        ),
      );
    }
    return clear;
  }, [loading, setFailed]);

  const width = phase === "running" ? "90%" : phase === "finishing" || phase === "hidden" ? "100%" : "0%";
  const transition =
    phase === "running" ? `width ${PROGRESS_BAR.durationMs}ms ease-out` : phase === "finishing" ? "width 200ms ease-in" : "opacity 200ms";
  return (
    <div
      aria-hidden="true"
      data-testid="progress-bar"
      data-phase={phase}
      data-failed={failed || undefined}
      className={`fixed inset-x-0 top-0 z-[1100] h-[3px] ${failed ? "bg-danger" : "bg-brand"}`}
      style={{ width, transition, opacity: phase === "running" || phase === "finishing" ? 1 : 0 }}
    />
  );
}
