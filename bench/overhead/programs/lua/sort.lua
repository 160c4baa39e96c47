-- Sorting n numbers (issue 14: 2e5): pseudo-random floats from a fixed seed, table.sort with
-- Lua's own comparison, then again with a comparator written in Lua, checked, rounds times.
-- Usage: lua sort.lua [count] [rounds]
local n = tonumber(arg[1]) or 200000
local rounds = tonumber(arg[2]) or 1
local seed = 12345
local check = 0
for _ = 1, rounds do
  local t = {}
  for i = 1, n do
    seed = (seed * 1103515245 + 12345) % 2147483648
    t[i] = seed / 2147483648
  end
  table.sort(t)
  for i = 2, n do
    if t[i - 1] > t[i] then error("not sorted at " .. i) end
  end
  table.sort(t, function(a, b) return a > b end)
  check = check + t[1] + t[n // 2]
end
print(string.format("%.9f", check))
