// The build manifest of spec 7: a page compares its own build id with this
// one to notice a deploy. Never cached, so every poll sees the newest.
export function loader() {
  return Response.json({ buildId: __BUILD_ID__ }, { headers: { "cache-control": "no-store" } });
}
