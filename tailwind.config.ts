import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

// The design tokens. Components use only these names (bg-brand, text-ink...),
// each a CSS variable; a theme is one set of values, chosen by
// <html data-theme="…">. Every pair used together (text on its background)
// meets WCAG AA contrast in every theme.
const tokens = [
  "brand",
  "brand-strong",
  "brand-soft",
  "on-brand",
  "accent",
  "accent-strong",
  "on-accent",
  "surface",
  "surface-muted",
  "ink",
  "ink-muted",
  "line",
  "line-strong",
  "danger",
  "danger-soft",
  "success",
  "success-soft",
] as const;

type Theme = Record<(typeof tokens)[number], string>;

const base: Omit<Theme, "brand" | "brand-strong" | "brand-soft" | "accent" | "accent-strong"> = {
  "on-brand": "#ffffff",
  "on-accent": "#ffffff",
  surface: "#ffffff",
  "surface-muted": "#f3f4f6",
  ink: "#111827",
  "ink-muted": "#4b5563",
  line: "#e5e7eb",
  "line-strong": "#6b7280",
  danger: "#b91c1c",
  "danger-soft": "#fee2e2",
  success: "#15803d",
  "success-soft": "#dcfce7",
};

function theme(brand: string, brandStrong: string, brandSoft: string, accent: string, accentStrong: string): Theme {
  return { ...base, brand, "brand-strong": brandStrong, "brand-soft": brandSoft, accent, "accent-strong": accentStrong };
}

// One palette per site variant (app/themes). Each is light: spec 1 forces a
// light theme on every variant but the default brand, which is light too.
export const themes = {
  default: theme("#0057b8", "#003f87", "#e6f0ff", "#c2410c", "#9a3412"),
  lt: theme("#00704a", "#004d33", "#e3f4ec", "#c1272d", "#8f1d22"),
  lv: theme("#9e3039", "#7a222a", "#f8e9ea", "#1d4ed8", "#1e3a8a"),
  ee: theme("#0067b9", "#004d8c", "#e5f1fb", "#b45309", "#92400e"),
  pj: theme("#0f766e", "#115e59", "#e3f4f2", "#be185d", "#9d174d"),
  tp: theme("#4338ca", "#3730a3", "#eef2ff", "#b45309", "#92400e"),
  wl: theme("#334155", "#1e293b", "#f1f5f9", "#0369a1", "#075985"),
  nl: theme("#c2410c", "#9a3412", "#fff1e8", "#1e40af", "#1e3a8a"),
  ae: theme("#8a5a00", "#6b4500", "#fbf3e4", "#047857", "#065f46"),
} satisfies Record<string, Theme>;

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: Object.fromEntries(tokens.map((token) => [token, `var(--sf-${token})`])),
      fontFamily: {
        sans: ["Inter", "ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase(
        Object.fromEntries(
          Object.entries(themes).map(([name, theme]) => [
            name === "default" ? ':root, [data-theme="default"]' : `[data-theme="${name}"]`,
            Object.fromEntries(Object.entries(theme).map(([token, value]) => [`--sf-${token}`, value])),
          ]),
        ),
      );
    }),
  ],
} satisfies Config;
