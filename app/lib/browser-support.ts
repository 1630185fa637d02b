/** Spec 4: Internet Explorer, Edge before 18 and Safari before 12. */
export function isUnsupportedBrowser(userAgent: string) {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  const edge = /Edge\/(\d+)/.exec(userAgent);
  if (edge && Number(edge[1]) < 18) return true;
  const safari = /Version\/(\d+)[.\d]* (Mobile\/\S+ )?Safari\//.exec(userAgent);
  if (safari && !/Chrome|Chromium|CriOS|Android/.test(userAgent) && Number(safari[1]) < 12) return true;
  return false;
}
