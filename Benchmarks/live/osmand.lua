-- wrk script: OsmAnd (Traccar Client) single-fix requests, one fix per request, spread over the
-- device keys in devices.txt (one per line) so that no token meets the per-token rate limit.
-- Each request carries a fix time (milliseconds) no other request has: thread t of T sends
-- start + (k * T + t) ms for its k-th request, so every fix is new (no duplicates) and each
-- device's fixes arrive in time order.
--
-- wrk runs on the same two cores as the server, so each request is put together from pieces
-- made once (the request line's start per device, the coordinates, the head's end) instead of
-- with wrk.format and string.format per request: the client's CPU is not the server's to lose.
local keys = {}
for line in io.lines(os.getenv("DEVICES") or "devices.txt") do keys[#keys + 1] = line end
local start = tonumber(os.getenv("START_MS"))
local threads_total = tonumber(os.getenv("THREADS") or "2")
local next_id = 0

function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
end

local prefixes, latitudes, longitudes, suffix
function init(args)
  prefixes, latitudes, longitudes = {}, {}, {}
  for i, key in ipairs(keys) do prefixes[i] = "GET /osmand?id=" .. key .. "&lat=" end
  for i = 0, 999 do latitudes[i] = string.format("%.6f", 47.37 + i * 1e-5) .. "&lon=" end
  for i = 0, 776 do longitudes[i] = string.format("%.6f", 8.54 + i * 1e-5) .. "&timestamp=" end
  suffix = "&accuracy=5 HTTP/1.1\r\nHost: " .. wrk.headers["Host"] .. "\r\n\r\n"
end

local k = 0
function request()
  local n = k * threads_total + tid
  k = k + 1
  return prefixes[(n % #keys) + 1] .. latitudes[n % 1000] .. longitudes[n % 777]
    .. string.format("%d", start + n) .. suffix
end
