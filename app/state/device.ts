import { atom, useSetAtom } from "jotai";
import { useEffect } from "react";

// Spec 4 and 9: over 1200 px wide is desktop, 1025 to 1200 tablet, 1024 or
// less mobile, re-measured 500 ms after the window stops resizing.
export type Device = "desktop" | "tablet" | "mobile";
export const DESKTOP_MIN_WIDTH = 1201;
export const TABLET_MIN_WIDTH = 1025;
export const RESIZE_DEBOUNCE_MS = 500;

export function deviceForWidth(width: number): Device {
  if (width >= DESKTOP_MIN_WIDTH) return "desktop";
  if (width >= TABLET_MIN_WIDTH) return "tablet";
  return "mobile";
}

/** Desktop until the browser has measured: the server renders for no width. */
export const deviceAtom = atom<Device>("desktop");

export function useDeviceWatcher() {
  const setDevice = useSetAtom(deviceAtom);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setDevice(deviceForWidth(window.innerWidth));
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    };
    measure();
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, [setDevice]);
}
