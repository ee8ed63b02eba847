# GNU Go 3.8 with Japanese rules (`--japanese-rules`, its default): its final_score counts territory and
# prisoners, with the simple ko rule and suicide forbidden. The final_score checks of the Japanese 1989 cases
# (CASE-11.2) are run; its statuses, and so the dead stones it removes before counting, are its own estimate.
command: /usr/games/gnugo --mode gtp --japanese-rules
features: capture suicide-prohibited simple-ko
estimates: j89-confirmation
