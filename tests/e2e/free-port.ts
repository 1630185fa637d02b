import { execFileSync } from "node:child_process";

// A port nothing listens on now, asked of the kernel, so that two runs of the
// suite on one machine, or a shop already running on 3000, never collide.
// Synchronous, so a spec can name its server's address at the top; Playwright
// loads a spec in each worker, and each takes its own port.
const PROBE = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";

export function freePort(): number {
  return Number(execFileSync(process.execPath, ["-e", PROBE], { encoding: "utf8" }));
}
