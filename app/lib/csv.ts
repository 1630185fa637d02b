// RFC 4180 CSV: a field with a comma, quote or line break is quoted, its
// quotes doubled. A field that a spreadsheet would read as a formula (=, +,
// -, @ first) is prefixed with an apostrophe, so an email typed by a
// customer cannot run in the operator's spreadsheet.

function field(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) {
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
