// The compiled stylesheet as text, built with the server (decision 022).
import css from "~/tailwind.css?inline";

export const stylesheet: string = css;
