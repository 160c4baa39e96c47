-- String building and gsub on n items (issue 14: 1e5): concatenation, table.concat, gsub with a
-- Lua function, gmatch and tonumber, rounds times, folded into a printed checksum.
-- Usage: lua strings.lua [items] [rounds]
local n = tonumber(arg[1]) or 100000
local rounds = tonumber(arg[2]) or 1
local check = 0
for _ = 1, rounds do
  local parts = {}
  for i = 1, n do
    parts[i] = "item" .. i .. "=" .. (i * 7 % 1000)
  end
  local s = table.concat(parts, ",")
  local swapped = 0
  s = s:gsub("item(%d+)=(%d+)", function(k, v)
    swapped = swapped + 1
    return v .. ":" .. k
  end)
  local total = 0
  for v in s:gmatch("(%d+):") do
    total = total + tonumber(v)
  end
  check = check + #s + swapped + total
end
print(check)
