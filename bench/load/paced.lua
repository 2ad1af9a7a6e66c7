-- The night's polls nginx answers, sent by wrk at a set rate (bench/load/pollers.py, issue 50): an open
-- loop, each thread's requests due one after the other at WRK_RATE / threads a second whatever the answers,
-- each the next line of WRK_REQUESTS ("<path>\t<Cookie header or nothing>"); nginx's X-Cache-Status and the
-- statuses counted; at the end one JSON line: requests, errors, seconds, p50/p95/p99 ms, counts.
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk_id, bench_timespec *tp);
]]
local ts = ffi.new("bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  period = 1000 * tonumber(os.getenv("WRK_THREADS")) / tonumber(os.getenv("WRK_RATE"))
  lines = {}
  for line in io.lines(os.getenv("WRK_REQUESTS")) do
    local path, cookie = line:match("^([^\t]*)\t?(.*)$")
    local headers = {}
    if cookie ~= "" then headers["Cookie"] = cookie end
    table.insert(lines, wrk.format("GET", path, headers))
  end
  math.randomseed(os.time() + #threads)
  n = math.random(#lines)
  due = now_ms() + math.random() * period
  cache = {}
  statuses = {}
end

function delay()
  local wait = due - now_ms()
  due = due + period
  return wait > 0 and wait or 0
end

function request()
  n = n % #lines + 1
  return lines[n]
end

function response(status, headers, body)
  local seen = headers["X-Cache-Status"] or "none"
  cache[seen] = (cache[seen] or 0) + 1
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

local function json(t)
  local parts = {}
  for k, v in pairs(t) do table.insert(parts, string.format("%q:%d", k, v)) end
  return "{" .. table.concat(parts, ",") .. "}"
end

function done(summary, latency, requests)
  local cache_all, status_all = {}, {}
  for _, thread in ipairs(threads) do
    for k, v in pairs(thread:get("cache")) do cache_all[k] = (cache_all[k] or 0) + v end
    for k, v in pairs(thread:get("statuses")) do status_all[k] = (status_all[k] or 0) + v end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"seconds":%.3f,"errors":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"cache":%s,"statuses":%s}\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    json(cache_all), json(status_all)))
end
