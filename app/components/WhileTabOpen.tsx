import { useLocale } from "~/hooks/use-locale";
import { NewVersionNotice } from "./NewVersionNotice";
import { useCategoriesOnReturn } from "~/hooks/category-doc-key";
import { useCurrentUserOnReturn } from "~/hooks/current-user";

/**
 * What watches an open tab for changes made elsewhere: another tab's sign-in
 * or sign-out, an operator's change of the categories, a new deploy. None of
 * it matters for the first paint, so the shell loads it once the page is up
 * (decision 013).
 */
export default function WhileTabOpen({ categoryDocKey }: { categoryDocKey: string | null }) {
  useCurrentUserOnReturn();
  useCategoriesOnReturn(useLocale(), categoryDocKey);
  return <NewVersionNotice />;
}
