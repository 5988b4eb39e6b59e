-- wrk script of the read rows. Arguments (after --): mode, path, players
--   fixed  every request GETs `path`
--   nick   GET /player/<nick of a random player 1..players>
--   uuid   GET /player/uuid/<uuid of a random player 1..players>
-- Nicks and uuids are those of tools/bench/lib/players.mjs (keep the two in step).
-- Every request comes from a random client address (X-Forwarded-For, which the API trusts from
-- 127.0.0.1 with TRUST_PROXY): the rate limiter counts a new client almost every time, as behind a
-- reverse proxy in front of many players. The baselines get the same header and ignore it.
-- done() prints one line "BENCHJSON {...}" that the benchmark parses.
local names = { 'Pepa', 'Honza', 'Kuba', 'Tonda', 'Franta', 'Lukas', 'Vojta', 'Matej', 'Ondra', 'Adam',
  'Tereza', 'Anicka', 'Bara', 'Klara', 'Misa', 'Zuzka', 'Petr', 'Jirka', 'Radek', 'Standa' }
local threads = 0
local mode, path, players

function setup(thread)
  threads = threads + 1
  thread:set('tid', threads)
end

function init(args)
  mode = args[1]
  path = args[2]
  players = tonumber(args[3])
  math.randomseed(os.time() * 1000 + (tid or 0) * 7919)
end

local function nick(n)
  return names[n % 20 + 1] .. '_' .. n
end

local function uuid(n)
  return string.format('%08x-b5e7-4c1a-9d3f-%012x', n, (n * 2654435761) % 4294967296)
end

local headers = {}

local function client()
  return string.format('%d.%d.%d.%d', math.random(1, 223), math.random(0, 255), math.random(0, 255),
    math.random(1, 254))
end

function request()
  headers['X-Forwarded-For'] = client()
  if mode == 'nick' then
    return wrk.format('GET', '/player/' .. nick(math.random(1, players)), headers)
  elseif mode == 'uuid' then
    return wrk.format('GET', '/player/uuid/' .. uuid(math.random(1, players)), headers)
  end
  return wrk.format('GET', path, headers)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCHJSON {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"status_errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
