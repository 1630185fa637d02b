// Spec 9: dates read yyyy-MM-dd and times HH:mm in every language.
function parts(value: Date | string) {
  const date = typeof value === "string" ? new Date(value) : value;
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
  };
}

export function formatDate(value: Date | string) {
  return parts(value).date;
}

export function formatDateTime(value: Date | string) {
  const { date, time } = parts(value);
  return `${date} ${time}`;
}
