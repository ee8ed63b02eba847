# GNU Go 3.8 with Chinese rules (`--chinese-rules`): its final_score counts area (stones and surrounded
# points), with the simple ko rule and suicide forbidden. It scores the rule classes of seed 003 that count
# area (spec/scoring.md SCORE-3): the final_score checks of cases/scoring/ (CASE-11.2) are run.
command: /usr/games/gnugo --mode gtp --chinese-rules
features: capture suicide-prohibited simple-ko area-scoring
# Its final_score first removes the stones its own life-and-death reading calls dead; the area cases'
# final positions have no dead stones, so nothing is left to its estimate there.
