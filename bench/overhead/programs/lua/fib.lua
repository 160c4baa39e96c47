-- Recursive fib: Lua calls and returns, issue 14's "recursive fib(24) script".
-- Usage: lua fib.lua [n]
local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end
print(fib(tonumber(arg[1]) or 24))
