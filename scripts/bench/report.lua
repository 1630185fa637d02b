-- Prints wrk's results as one JSON line, with the percentiles the bench reports.
done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"rps":%.1f,"errors":%d,"non2xx":%d,"p50":%.2f,"p95":%.2f,"p99":%.2f}\n',
    summary.requests, seconds, summary.requests / seconds,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
