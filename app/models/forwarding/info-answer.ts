import * as v from "valibot";
import { UPLOAD_MAX_BYTES } from "~/models/uploads/file-kind";

// The answer to an operator's question (/order-additional-info-needed):
// the form's one schema, used by conform in the browser and by the action
// on the server. Whether a file is an image or a PDF is read from its
// content, on the server. Safe in the browser; no I/O here.

export const ANSWER_MAX = 5000;

export const InfoAnswerSchema = v.object({
  answer: v.pipe(v.string("forwarding.errors.answer"), v.trim(), v.nonEmpty("forwarding.errors.answer"), v.maxLength(ANSWER_MAX, "forwarding.errors.answer")),
  file: v.optional(v.pipe(v.file("forwarding.errors.fileType"), v.maxSize(UPLOAD_MAX_BYTES, "forwarding.errors.fileSize"))),
});

export type InfoAnswerValues = v.InferOutput<typeof InfoAnswerSchema>;
