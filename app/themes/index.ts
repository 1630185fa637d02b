// Host → site (in the database) → theme (here). A theme names a set of design
// tokens in tailwind.config.ts; <html data-theme> selects it.
export const THEMES = ["default", "lt", "lv", "ee", "pj", "tp", "wl", "nl", "ae"] as const;
export type ThemeName = (typeof THEMES)[number];

export function themeName(value: string | undefined): ThemeName {
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as ThemeName) : "default";
}
