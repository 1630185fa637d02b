import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useNavigation } from "@remix-run/react";
import type { BaseIssue, BaseSchema } from "valibot";

/**
 * A form checked in the browser by the same valibot schema the server
 * checks it with: each field once it loses focus, then as it is corrected.
 * `busy` is true while a form of the page is being sent, so that no button
 * sends twice.
 */
export function useSchemaForm<Output extends Record<string, unknown>>(
  schema: BaseSchema<unknown, Output, BaseIssue<unknown>>,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<Output> },
) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Output>({
    ...options,
    // A button marked formNoValidate sends the form as it stands, as HTML means it to: a step the server takes (filling rows in), not the form's submit.
    onValidate: ({ formData, submitter }) => {
      const submission = parseWithValibot(formData, { schema });
      return submitter?.formNoValidate && submission.status === "error" ? { ...submission, status: undefined, error: null } : submission;
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return { form, fields, busy: navigation.state === "submitting" };
}
