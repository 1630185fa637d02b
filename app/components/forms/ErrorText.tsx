import { useTranslation } from "~/hooks/use-translation";

/** A field's error, translated, under it; `id` is what the field's aria-describedby names. Nothing when there is no error. */
export function ErrorText({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  return message ? (
    <p id={id} className="text-sm font-medium text-danger">
      {t(message)}
    </p>
  ) : null;
}
