// A page with no data of its own: what a bare Remix route costs here. The
// benchmarks measure every page beside it, and uptime checks may use it.
export default function Ping() {
  return (
    <main id="main" className="p-8">
      <h1>ok</h1>
    </main>
  );
}
