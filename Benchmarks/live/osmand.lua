-- wrk script: OsmAnd (Traccar Client) single-fix requests, one fix per request, spread over the
-- device keys in devices.txt (one per line) so that no token meets the per-token rate limit.
-- Each request carries a fix time (milliseconds) no other request has: thread t of T sends
-- start + (k * T + t) ms for its k-th request, so every fix is new (no duplicates) and each
-- device's fixes arrive in time order.
local keys = {}
for line in io.lines(os.getenv("DEVICES") or "devices.txt") do keys[#keys + 1] = line end
local start = tonumber(os.getenv("START_MS"))
local threads_total = tonumber(os.getenv("THREADS") or "2")
local next_id = 0

function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
end

local k = 0
function request()
  local n = k * threads_total + tid
  k = k + 1
  local key = keys[(n % #keys) + 1]
  local lat = 47.37 + (n % 1000) * 1e-5
  local lon = 8.54 + (n % 777) * 1e-5
  return wrk.format("GET", string.format("/osmand?id=%s&lat=%.6f&lon=%.6f&timestamp=%d&accuracy=5",
    key, lat, lon, start + n))
end
