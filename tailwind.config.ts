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

export const themes: Record<string, Theme> = {
  default: {
    ...base,
    brand: "#0057b8",
    "brand-strong": "#003f87",
    "brand-soft": "#e6f0ff",
    accent: "#c2410c",
    "accent-strong": "#9a3412",
  },
};

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
