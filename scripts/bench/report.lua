-- Prints wrk's results as one JSON line, with the percentiles the bench reports.
-- BENCH_METHOD, BENCH_BODY and BENCH_COOKIE, when set, make every request a
-- POST with that JSON body and that cookie (the cart and checkout targets).
local method = os.getenv("BENCH_METHOD")
if method and method ~= "" then
  wrk.method = method
  wrk.body = os.getenv("BENCH_BODY") or ""
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["X-Locale"] = "en"
end
local cookie = os.getenv("BENCH_COOKIE")
if cookie and cookie ~= "" then wrk.headers["Cookie"] = cookie end
-- BENCH_APART=1 adds a parameter no page reads, new on each request, so no
-- two requests are the same page and each is drawn for itself (decision 034).
if os.getenv("BENCH_APART") == "1" then
  local n = 0
  request = function()
    n = n + 1
    local joiner = string.find(wrk.path, "?", 1, true) and "&" or "?"
    return wrk.format(nil, wrk.path .. joiner .. "apart=" .. n)
  end
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.1f,"errors":%d,"non2xx":%d,"p50":%.2f,"p95":%.2f,"p99":%.2f}\n',
    summary.requests, seconds, summary.requests / seconds,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
