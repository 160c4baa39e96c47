-- An empty run: the interpreter's start-up and exit (issue 14: "Lua running return 0").
return 0
