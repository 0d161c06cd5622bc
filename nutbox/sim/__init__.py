"""Balance studies: many seeded games between bots, their statistics, plots and ratings, played on this
machine's cores or on a Ray cluster (docs/balance.md).

study.py plans a study (seeds, seat rotation); play.py plays its games into rows; backends.py says where;
runner.py schedules, journals and finishes a study; results.py keeps its files; stats.py computes its figures,
which report.py (HTML, plots) and tables.py (terminal) show, both writing numbers as text.py does; ratings.py
rates agents from results. figures.py gives the shapes of rows, plans and figures (TypedDicts) to all of them.
"""
