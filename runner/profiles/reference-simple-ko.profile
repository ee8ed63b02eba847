# The reference engine, in-process, asked only what a standard GTP engine is asked (run with --gtp-only):
# the core rules with the simple ko rule and no suicide, chosen by its command-line flags.
command: in-process --ruleset core --ko simple-ko --suicide prohibited
features: capture suicide-prohibited simple-ko
